// Shared by the e2e runner (tests/e2e/run.mjs) and the benchmark (tests/bench/run.mjs): build the app if
// needed, find Chromium, and serve the built worker with `wrangler dev` against a throw-away local state
// directory, so runs never touch (or depend on) the developer's own .wrangler/state.
import { spawn } from "node:child_process";
import { closeSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeWhatsAppDevConfig } from "../../scripts/lib/local-vars.mjs";

export const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));

// The local binaries, not `npx`: npx could try the registry if node_modules were incomplete, and calling
// the binary directly keeps one fewer wrapper process in the server's process group.
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");
const REMIX = join(ROOT, "node_modules", ".bin", "remix");

/** TOOLCHAIN.md "Offline quiet": with these two set, wrangler makes no outside connections. */
export const OFFLINE_ENV = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  // Plain output makes the log file readable.
  NO_COLOR: "1",
  FORCE_COLOR: "0",
};

/**
 * TOOLCHAIN.md flags: headless, no outside network (every host except localhost resolves to nothing, so a
 * page that calls a third party fails visibly instead of hanging), and no background traffic.
 */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
];

// A first start bundles three workers and applies nothing else; on a shared 2-core machine under load it has taken
// over a minute (an idle one answers in about 10 s), so the limit only stops a server that is really stuck.
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS) || 180_000;

/**
 * Variables every e2e server gets unless a test passes its own: docs/product.md §4's after-sign-in Pro dialog would cover the
 * page right after each sign-in, so it is off here and tests/e2e/billing.test.mjs turns it on to test it.
 */
const DEFAULT_VARS = { PAYWALL_AFTER_SIGN_IN: "false" };

/**
 * The demo provider's words without its 30 ms pause between them (DEMO_PACE_MS, as the integration tests set it), for
 * servers whose tests only wait for an answer to end (tests/e2e/run.mjs, decision 0044).
 */
export const FAST_DEMO_PACE = { DEMO_PACE_MS: "1" };

/** Runs a command to completion with inherited output; rejects with the exit code on failure. */
export function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: OFFLINE_ENV, stdio: ["ignore", "inherit", "inherit"], ...options });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** `npm test` builds first; standalone runs (`npm run test:e2e`, `npm run bench`) build only when needed. */
export async function ensureBuild() {
  if (existsSync(join(ROOT, "build", "server", "index.js"))) return;
  console.log("build/server/index.js is missing: running remix vite:build");
  await run(REMIX, ["vite:build"]);
}

/** Debian's packages: the full browser, and Chromium's headless shell (the same engine without the browser's UI). */
export const FULL_CHROMIUM = "/usr/bin/chromium";
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The Chromium to drive: $CHROMIUM_PATH when set, else one of Debian's packages; null when none exists (we never
 * download one). The e2e tests prefer the headless shell (`headlessShell: true`): the same Blink and V8 with the
 * same pages, service worker and downloads, for about 40 % less CPU (decision 0024). The benchmark prefers the full
 * browser, since its Lighthouse and interaction figures stand for what people's Chrome does, and takes the shell
 * only when the full browser is not installed (`npm test` may have installed just the shell).
 */
export function findChromium({ headlessShell = false } = {}) {
  const packages = headlessShell ? [HEADLESS_SHELL, FULL_CHROMIUM] : [FULL_CHROMIUM, HEADLESS_SHELL];
  const candidates = [process.env.CHROMIUM_PATH, ...packages].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}

export const CHROMIUM_MISSING = "Install Chromium: sudo apt-get install -y chromium (or set CHROMIUM_PATH)";

/** Asks the OS for an unused port on 127.0.0.1 (tiny race until wrangler binds it; fine for local runs). */
export function freePort() {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePromise(port));
    });
  });
}

/** The last `lines` lines of a log file, for failure reports. */
export function tailOf(path, lines = 80) {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no server output)";
  }
}

/**
 * Starts `wrangler dev` for both workers on a free port with a fresh, migrated persist dir.
 * Options: `vars` (extra `--var NAME:value` pairs, e.g. a provider pointed at a fake upstream),
 * `beforeStart(persistDir)` (runs after the migrations, before wrangler dev: seed the local D1 there),
 * `devtools` (default false: wrangler dev starts without its DevTools inspector, see below; nothing here attaches to
 * it, and on the e2e server its network recording cost wrangler's Node about 15 CPU-seconds of the stage; the
 * worker's console output and request lines still reach the log) and `migratedState` (a state directory with only
 * the migrations applied, copied instead of migrating again; default $E2E_MIGRATED_STATE, see below) and `script`
 * (another entry for the main worker than wrangler.toml's `main`, e.g. the benchmark's D1-counting build).
 * Returns { baseUrl, logFile, persistDir, devtools, stop }: `devtools` says whether the DevTools inspector is
 * listening. `stop()` kills the whole process group (npm/wrangler/workerd) and removes the temp dir; every call
 * returns the same promise.
 */
export async function startServer({ label = "e2e", vars = {}, beforeStart, devtools = false, migratedState = process.env[MIGRATED_STATE_ENV], script } = {}) {
  const dir = mkdtempSync(join(tmpdir(), `edge-assistant-${label}-`));
  const persistDir = join(dir, "state");
  const logFile = join(dir, "wrangler.log");
  let child = null;
  let stopping = null;

  // Memoised: a signal handler and the normal `finally` may both call it, and both must wait for the end.
  const stop = () => (stopping ??= shutdown());
  const shutdown = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once("exit", done));
      killGroup(child.pid, "SIGTERM");
      // workerd normally exits at once; do not let a stuck child keep the run alive.
      const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    keepLog(logFile, label);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // A new database per run: tests start from the migrations alone, never from leftover rows.
    if (migratedState && existsSync(migratedState)) cpSync(migratedState, persistDir, { recursive: true });
    else await applyMigrations(persistDir);
    await beforeStart?.(persistDir);
    const port = await freePort();
    // The inspector also needs a port; a fixed default (9229) would collide with another running wrangler.
    const inspectorPort = await freePort();
    const out = openSync(logFile, "a");
    const allVars = { APP_ENV: "development", ...DEFAULT_VARS, ...vars };
    // The WhatsApp worker gets the same variables through a generated config and .dev.vars of its own (wrangler
    // gives --var to the first worker only); a run never reads the developer's .dev.vars.
    const whatsappConfig = writeWhatsAppDevConfig(join(dir, "whatsapp"), allVars);
    child = spawn(
      WRANGLER,
      [
        "dev",
        ...(script ? [script] : []),
        "-c",
        "wrangler.toml",
        "-c",
        whatsappConfig,
        // Reads uploaded documents, and counts a PDF's pages for the upload (decision 0031); neither needs variables.
        "-c",
        "workers/document-reader.wrangler.toml",
        "-c",
        "workers/document-check.wrangler.toml",
        "--port",
        String(port),
        "--ip",
        "127.0.0.1",
        "--inspector-port",
        String(inspectorPort),
        "--persist-to",
        persistDir,
        ...Object.entries(allVars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
      ],
      // detached: its own process group, so stop() can end wrangler and every workerd it started.
      { cwd: ROOT, env: { ...OFFLINE_ENV, ...AS_DEPLOYED, ...(devtools ? {} : WITHOUT_DEVTOOLS) }, stdio: ["ignore", out, out], detached: true },
    );
    closeSync(out);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(baseUrl, child, logFile);
    return { baseUrl, logFile, persistDir, devtools: await answers(`http://127.0.0.1:${inspectorPort}/json/version`), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Where the e2e runner keeps a local state with only the migrations applied (tests/e2e/run.mjs makes it once and
 * hands it to the files it runs). A server started while it is set copies it instead of applying the migrations
 * again, which is a wrangler start-up plus miniflare each time (about 6 s of CPU); the copy is the same files the
 * migration would have written.
 */
export const MIGRATED_STATE_ENV = "E2E_MIGRATED_STATE";

/** Where the e2e runner wants the logs of servers that test files start for themselves (see keepLog). */
export const SERVER_LOGS_ENV = "E2E_SERVER_LOGS";

/** Applies db/migrations to a local D1 in `persistDir` (what `npm run db:migrate:local` does to .wrangler/state). */
export function applyMigrations(persistDir) {
  return run(WRANGLER, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * `wrangler dev` always serves a DevTools inspector, and its proxy subscribes to the worker's Network events:
 * every request the worker makes, and every chunk of it, is recorded for DevTools (about 1 to 1.5 ms of a chat
 * answer's first token, `npm run bench`). The command line cannot turn it off. Wrangler leaves it off in VS Code's
 * JavaScript debug terminal, which it recognises by this variable (wrangler-dist/cli.js, `inspectorEnabled`);
 * the benchmark sets it to measure the app rather than the debugger, and checks the inspector is really gone.
 */
const WITHOUT_DEVTOOLS = { VSCODE_INSPECTOR_OPTIONS: "{}" };

/**
 * The worker built as `wrangler deploy` builds it: wrangler replaces `process.env.NODE_ENV` in the bundle with this
 * variable, else with "development" under `wrangler dev` (wrangler-dist/cli.js, `nodeEnvReplacement`), which selects
 * React's development server renderer with its prop checks and warnings. The production renderer serves the same
 * HTML: in a server profile a page took 24 ms of CPU instead of 37. The tests and the benchmark measure what people
 * are served; `npm start` keeps the development renderer's warnings for whoever works on the app. An explicit
 * NODE_ENV still wins.
 */
const AS_DEPLOYED = { NODE_ENV: process.env.NODE_ENV || "production" };

/**
 * Under the e2e runner ($E2E_SERVER_LOGS, set by tests/e2e/run.mjs for the files it runs), a server a test file
 * started for itself leaves its log there when it stops, named by label and process, so a file that failed once and
 * passed on its second run still has the first run's server output to read.
 */
function keepLog(logFile, label) {
  const keepIn = process.env[SERVER_LOGS_ENV];
  if (!keepIn) return;
  try {
    // Made here too: `E2E_SERVER_LOGS=<folder> npm run bench` (README "Front-end performance") names a folder nobody made.
    mkdirSync(keepIn, { recursive: true });
    copyFileSync(logFile, join(keepIn, `${label}-${process.pid}.log`));
  } catch {
    // No log yet (the server never started) or the folder is gone: nothing to keep.
  }
}

/** Whether anything answers `url` (a refused connection is false). */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Polls GET / until the worker answers with any HTTP status (a redirect counts), or fails with the log. */
async function waitUntilAnswering(baseUrl, child, logFile) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler dev exited early (${child.signalCode ?? `exit ${child.exitCode}`}):\n${tailOf(logFile)}`);
    }
    try {
      // A refused connection fails at once and is retried; a request the worker has accepted is waited for until the
      // deadline, since a cold worker on a loaded machine can take longer than any shorter per-request limit, and
      // aborting it only queues another cold request behind it.
      const response = await fetch(`${baseUrl}/`, { redirect: "manual", signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())) });
      await response.body?.cancel();
      return;
    } catch {
      // Not listening yet: polling is the only readiness signal wrangler gives a non-interactive caller.
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  throw new Error(`wrangler dev did not answer GET / within ${READY_TIMEOUT_MS / 1000} s:\n${tailOf(logFile)}`);
}
