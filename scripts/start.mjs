#!/usr/bin/env node
// `npm start`: the production build served by wrangler dev, with both workers (app + WhatsApp) in one process
// and all local data under .wrangler/state.
import { PERSIST_DIR, bin, migrateLocal, runOrExit, startLongRunning } from "./lib/run.mjs";

const PORT = process.env.PORT ?? "8787";

await migrateLocal();
await runOrExit("The build (remix vite:build)", bin("remix"), ["vite:build"]);

const wrangler = startLongRunning(bin("wrangler"), [
  "dev",
  "-c",
  "wrangler.toml",
  "-c",
  "workers/whatsapp/wrangler.toml",
  "--port",
  PORT,
  // Development-only pages (local mailbox, demo provider notice) are enabled; a plain deploy keeps "production".
  "--var",
  "APP_ENV:development",
  // Explicit, so the migrations above and both workers share one database however wrangler picks defaults.
  "--persist-to",
  PERSIST_DIR,
]);
wrangler.on("exit", (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
