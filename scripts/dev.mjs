#!/usr/bin/env node
// `npm run dev`: Vite with HMR for the Remix app, plus one `wrangler dev` hosting what Vite's dev proxy cannot:
// the Durable Objects and every queue consumer of the main worker (workers/services.ts), the WhatsApp worker and the document reader.
// Vite's proxy reaches them through wrangler.toml's [env.dev] bindings (script_name / service entrypoint),
// which wrangler resolves through its local dev registry. Both sides persist to .wrangler/state.
import { existsSync } from "node:fs";
import path from "node:path";
import { environmentOverrides, localVars, varArgs, writeDocumentReaderDevConfig, writeWhatsAppDevConfig } from "./lib/local-vars.mjs";
import { PERSIST_DIR, bin, migrateLocal, root, startLongRunning, waitForHttp } from "./lib/run.mjs";

const SERVICES_PORT = process.env.SERVICES_PORT ?? "8788";

await migrateLocal();

const services = startLongRunning(bin("wrangler"), [
  "dev",
  "-c",
  "workers/services.wrangler.toml",
  "-c",
  // Generated beside its own .dev.vars: wrangler gives --var and --env-file to the first worker only.
  writeWhatsAppDevConfig(path.join(root, ".wrangler", "whatsapp-dev"), localVars({ APP_ENV: "development" })),
  "-c",
  // The document-reader worker, its Account binding pointed at this services worker (decision 0031).
  writeDocumentReaderDevConfig(path.join(root, ".wrangler", "document-reader-dev")),
  // The document-check worker (a PDF's page count for the upload); it binds nothing, so its own config serves.
  "-c",
  "workers/document-check.wrangler.toml",
  "--port",
  SERVICES_PORT,
  "--persist-to",
  PERSIST_DIR,
  // Its keyboard shortcuts would fight Vite's for the same terminal.
  "--show-interactive-dev-session=false",
  // Its config lives in workers/, so wrangler would read workers/.dev.vars: hand it the project's own (by absolute
  // path; a relative one is resolved in workers/ too), so the queue consumer and the chat relay use the app's keys.
  ...(existsSync(path.join(root, ".dev.vars")) ? ["--env-file", path.join(root, ".dev.vars")] : []),
  // Environment variables named in .dev.vars.example win over .dev.vars.
  ...varArgs(environmentOverrides()),
]);
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => (stopping = true));

let vite = null;
let finalCode = 0;
const exited = (child) => child.exitCode !== null || child.signalCode !== null;
function exitWhenBothStopped() {
  if (exited(services) && (!vite || exited(vite))) process.exit(finalCode);
}

services.on("exit", (code) => {
  if (stopping) return exitWhenBothStopped();
  console.error(`The services worker (wrangler dev on :${SERVICES_PORT}) stopped (exit ${code ?? "signal"}); stopping.`);
  stopping = true;
  finalCode = code || 1;
  if (vite && !exited(vite)) vite.kill("SIGTERM");
  else process.exit(code || 1);
});

if (!(await waitForHttp(`http://127.0.0.1:${SERVICES_PORT}/`, 60_000, () => !exited(services)))) {
  console.error(`The services worker did not answer on :${SERVICES_PORT} within 60 s.`);
  services.kill("SIGTERM");
  process.exit(1);
}

// Args after `npm run dev --` go to Vite (e.g. --port 5174 --host).
vite = startLongRunning(bin("remix"), ["vite:dev", ...process.argv.slice(2)]);
vite.on("exit", (code) => {
  if (!stopping) {
    console.error(`Vite stopped (exit ${code ?? "signal"}); stopping the services worker.`);
    finalCode = code || 1;
  }
  stopping = true;
  if (!exited(services)) services.kill("SIGTERM");
  exitWhenBothStopped();
});
