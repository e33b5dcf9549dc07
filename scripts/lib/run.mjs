// Shared by scripts/start.mjs and scripts/dev.mjs: offline-safe environment, local tool paths, child processes.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** One local state directory for every worker and command, so they all see the same D1, R2 and DO data. */
export const PERSIST_DIR = ".wrangler/state";

// No cf.json download and no metrics: these machines are offline.
export const offlineEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

export const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** Runs a command to completion with inherited stdio; resolves with its exit code. */
export function run(command, args, env = offlineEnv) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

export async function runOrExit(label, command, args, env) {
  const code = await run(command, args, env);
  if (code !== 0) {
    console.error(`${label} failed (exit ${code}).`);
    process.exit(code);
  }
}

/** Applies db/migrations to the local D1 database. CI=true makes wrangler skip its confirmation prompt. */
export function migrateLocal() {
  return runOrExit("Applying local D1 migrations", bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST_DIR], {
    ...offlineEnv,
    CI: "true",
  });
}

/**
 * Starts a long-running child with inherited stdio. Ctrl-C / SIGTERM are passed on, so the child shuts down
 * cleanly (wrangler stops workerd) before we exit.
 */
export function startLongRunning(command, args, env = offlineEnv) {
  const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on("error", (error) => {
    console.error(`Could not start ${command}: ${error.message}`);
    process.exit(1);
  });
  return child;
}

/** Polls `url` until it answers (any HTTP status) or `timeoutMs` passes. */
export async function waitForHttp(url, timeoutMs, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return false;
}
