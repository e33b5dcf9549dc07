#!/usr/bin/env node
// `npm test`: every check CI runs. The build, integration and e2e run in turn, stopping at the first failure; the
// quick checks (typecheck, format, lint, ...) run beside them at low priority, every one of them even after another
// fails. Each stage prints its time; the last line is always "N passed, M failed" so a CI log can be read at a glance.
import { spawn } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// The browsers' paths, shared with the e2e runner and the benchmark that pick among them.
import { FULL_CHROMIUM, HEADLESS_SHELL } from "../tests/e2e/server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

// Offline machines: no cf.json download and no metrics from wrangler, miniflare or the Workers pool.
const childEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * Runs a command to completion; resolves with its exit code. With `capture`, its output is kept (merged, in order)
 * and handed back instead of printed, so stages running side by side do not interleave their logs.
 */
function run(command, args, env = childEnv, capture = null) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    if (capture) {
      child.stdout.on("data", (chunk) => capture.push(chunk));
      child.stderr.on("data", (chunk) => capture.push(chunk));
    }
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, name)));
}

/** apt-get install of Debian packages, trying the package lists already on the machine before fetching new ones. */
async function aptInstall(packages) {
  const aptEnv = { ...childEnv, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], aptEnv);
  if ((await install()) === 0) return true;
  return (await run("apt-get", ["update", "-qq"], aptEnv)) === 0 && (await install()) === 0;
}

/**
 * Returns the Chromium for the e2e run; null when there is none and we may not install one. $CHROMIUM_PATH wins;
 * else Chromium's headless shell, which runs the same pages on about 40 % less CPU (decision 0024). The full browser
 * is wanted too: the headless shell never grants the notification permission, so tests/e2e/notifications.test.mjs
 * runs in it (decision 0042). Both are installed with apt in one call when we may and either is missing.
 */
async function ensureChromium() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  const mayInstall = process.getuid?.() === 0 && onPath("apt-get");
  const missing = [existsSync(HEADLESS_SHELL) ? null : "chromium-headless-shell", existsSync(FULL_CHROMIUM) ? null : "chromium"].filter(
    (name) => name !== null,
  );
  if (mayInstall && missing.length > 0) {
    console.log(`Installing Debian's ${missing.join(" and ")} for the e2e tests with apt-get (about 20 s)...`);
    await aptInstall(missing);
  }
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return existsSync(FULL_CHROMIUM) ? FULL_CHROMIUM : null;
}

/**
 * Quick checks: they need only the sources, and none of them uses both cores for long. They run in one lane beside
 * the build and the test stages, under `nice`, so they take the cores' idle time (integration leaves about a fifth of
 * the machine idle, e2e a tenth, the build about half) instead of a step of their own before the tests (decision 0024).
 */
const quickChecks = [
  { name: "typecheck", run: (out) => niced(bin("tsc"), ["-p", "tsconfig.json", "--noEmit"], out) },
  // Code is formatted by Prettier (.prettierrc.json); `npm run format` fixes what this stage reports.
  { name: "format", run: (out) => niced(bin("prettier"), ["--check", "."], out) },
  { name: "lint", run: (out) => niced(bin("eslint"), ["--max-warnings=0", "."], out) },
  // Layers point down only (routes -> components -> .server -> lib); .madgerc counts runtime imports (decision 0021).
  { name: "import cycles", run: (out) => niced(bin("madge"), ["--circular", "app", "workers"], out) },
  // Counting type imports too, no circle of more than 3 files (scripts/import-cycles.mjs, decision 0021).
  { name: "type import cycles", run: (out) => niced(process.execPath, [path.join(root, "scripts/import-cycles.mjs")], out) },
  // AppEnv is built from wrangler.toml's generated types (app/.server/env.ts): they must match wrangler.toml, and the
  // document-check worker's config that the app's DOCUMENT_CHECK service binding names (the same files as `npm run cf-typegen`).
  {
    name: "generated types",
    run: (out) =>
      niced(
        bin("wrangler"),
        [
          "types",
          "workers/worker-configuration.d.ts",
          "--include-runtime=false",
          "-c",
          "wrangler.toml",
          "-c",
          "workers/document-check.wrangler.toml",
          "--check",
        ],
        out,
      ),
  },
  { name: "unit tests", run: (out) => niced(bin("vitest"), ["run", "-c", "vitest.unit.config.ts"], out) },
];

/**
 * The build and the test stages, in order, at normal priority; each test stage uses every core itself (integration
 * runs one Workers runtime more than cores, e2e two files at a time), so they run one after another.
 */
const testStages = [
  // The integration tests load the main worker, which imports the Remix server build; e2e serves it.
  { name: "build", run: () => run(bin("remix"), ["vite:build"]) },
  { name: "integration tests", run: () => run(bin("vitest"), ["run", "-c", "vitest.config.ts"]) },
  {
    name: "e2e tests",
    run: async () => {
      const chromium = await ensureChromium();
      if (!chromium) {
        console.error("Install Chromium: sudo apt-get install -y chromium (or set CHROMIUM_PATH)");
        return 1;
      }
      return run(process.execPath, [path.join("tests", "e2e", "run.mjs")], { ...childEnv, CHROMIUM_PATH: chromium });
    },
  },
];

/** `nice -n 19` where coreutils' nice is on the PATH (it always is on Debian); the same command without it elsewhere. */
function niced(command, args, capture) {
  return onPath("nice") ? run("nice", ["-n", "19", command, ...args], childEnv, capture) : run(command, args, childEnv, capture);
}

let passed = 0;
let failed = 0;
const startedAll = Date.now();
/** Finished quick checks' logs, printed between test stages so they never land inside a stage's streamed output. */
const pendingReports = [];
let testStageRunning = false;

function report(text) {
  if (testStageRunning) pendingReports.push(text);
  else process.stdout.write(text);
}

function flushReports() {
  for (const text of pendingReports.splice(0)) process.stdout.write(text);
}

/**
 * Runs a lane's stages in order and reports each one's log and time as it ends. The quick checks' lane (`captured`)
 * keeps each stage's output to report it in one piece, and goes on after a failure since its stages do not depend on
 * each other; the test stages' lane stops at the first failure, since each needs the one before.
 */
async function runLane(lane, captured) {
  for (const stage of lane) {
    const started = Date.now();
    const out = captured ? [] : null;
    if (!captured) {
      console.log(`\n=== ${stage.name} ===`);
      testStageRunning = true;
    }
    const code = await stage.run(out);
    if (!captured) testStageRunning = false;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const log = captured ? `\n=== ${stage.name} ===\n${Buffer.concat(out).toString()}` : "";
    if (code !== 0) {
      failed++;
      const after = captured ? "" : "; later test stages were not run";
      report(`${log}\n✗ ${stage.name} failed (exit ${code}, ${seconds}s)${after}.\n`);
    } else {
      passed++;
      report(`${log}✓ ${stage.name} (${seconds}s)\n`);
    }
    if (!captured) flushReports();
    if (code !== 0 && !captured) return;
  }
}

await Promise.all([runLane(quickChecks, true), runLane(testStages, false)]);
flushReports();
console.log(`\n${passed} passed, ${failed} failed (${((Date.now() - startedAll) / 1000).toFixed(0)}s in all)`);
process.exit(failed === 0 ? 0 : 1);
