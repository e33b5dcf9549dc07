#!/usr/bin/env node
// `npm start`: the production build served by wrangler dev, with the three workers (app, WhatsApp, document reader) in one process
// and all local data under .wrangler/state.
import path from "node:path";
import { environmentOverrides, localVars, varArgs, writeWhatsAppDevConfig } from "./lib/local-vars.mjs";
import { PERSIST_DIR, bin, migrateLocal, root, runOrExit, startLongRunning } from "./lib/run.mjs";
import { startFakePush } from "../tests/mocks/fake-push.mjs";

const PORT = process.env.PORT ?? "8787";

await migrateLocal();
await runOrExit("The build (remix vite:build)", bin("remix"), ["vite:build"]);

// A local web push service (README "Web push"): the app may push to its http:// endpoints, on this machine only.
const push = await startFakePush({ port: Number(process.env.PUSH_DEV_PORT ?? 0) });
console.log(`Local push service: ${push.url} (GET /__pushes?id=<id>)`);

// Development-only pages (local mailbox, demo provider notice) are enabled; a plain deploy keeps "production".
const LOCAL = { APP_ENV: "development", PUSH_DEV_SERVICE_ORIGIN: push.url };
// The WhatsApp worker reads a generated config and .dev.vars (wrangler gives --var and .dev.vars to the first worker only).
const whatsappConfig = writeWhatsAppDevConfig(path.join(root, ".wrangler", "whatsapp-dev"), localVars(LOCAL));

const wrangler = startLongRunning(bin("wrangler"), [
  "dev",
  "-c",
  "wrangler.toml",
  "-c",
  whatsappConfig,
  // The document-reader worker (decision 0031): reads uploaded documents into pages.
  "-c",
  "workers/document-reader.wrangler.toml",
  // The document-check worker: counts a PDF's pages for the upload.
  "-c",
  "workers/document-check.wrangler.toml",
  "--port",
  PORT,
  // Environment variables named in .dev.vars.example win over .dev.vars, as in the WhatsApp worker.
  ...varArgs({ ...environmentOverrides(), ...LOCAL }),
  // Explicit, so the migrations above and both workers share one database however wrangler picks defaults.
  "--persist-to",
  PERSIST_DIR,
]);
wrangler.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
