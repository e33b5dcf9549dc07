// End-to-end runner (`npm run test:e2e`, and the last step of `npm test`): serves the built worker with
// `wrangler dev` on a fresh local state, runs tests/e2e/*.test.mjs in Chromium with Node's test runner, and
// always shuts the server down. Exit code = the test runner's.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { startFakeGraph } from "../mocks/fake-graph.mjs";
import {
  CHROMIUM_MISSING,
  FAST_DEMO_PACE,
  MIGRATED_STATE_ENV,
  ROOT,
  SERVER_LOGS_ENV,
  applyMigrations,
  ensureBuild,
  findChromium,
  startServer,
  tailOf,
} from "./server.mjs";

/** The WhatsApp settings every e2e server gets: the channel configured against the bundled fake Graph API. */
const E2E_WHATSAPP = {
  WHATSAPP_APP_SECRET: "e2e-app-secret",
  WHATSAPP_VERIFY_TOKEN: "e2e-verify-token",
  WHATSAPP_ACCESS_TOKEN: "e2e-access-token",
  WHATSAPP_PHONE_NUMBER_ID: "1098765432",
  WHATSAPP_BUSINESS_NUMBER: "+1 555 010 9999",
};

const E2E_DIR = join(ROOT, "tests", "e2e");
const OWN_SERVER_LOGS = join(ROOT, "test-results", "e2e-servers");

async function main() {
  const chromium = findChromium({ headlessShell: true });
  if (!chromium) {
    console.error(CHROMIUM_MISSING);
    return 1;
  }
  await ensureBuild();

  // Node 20's `node --test` does not expand globs itself, so list the files here. Files named on the command line
  // (`npm run test:e2e -- tests/e2e/chat.test.mjs`) run alone, for a quicker loop while working on one screen.
  const named = process.argv.slice(2);
  const files =
    named.length > 0
      ? named
      : readdirSync(E2E_DIR)
          .filter((name) => name.endsWith(".test.mjs"))
          .sort()
          .map((name) => join("tests", "e2e", name));
  if (files.length === 0) {
    console.error("No tests/e2e/*.test.mjs files found.");
    return 1;
  }

  // The migrations are applied once; the shared server and those that files start for themselves copy the result.
  const migratedDir = mkdtempSync(join(tmpdir(), "edge-assistant-migrated-"));
  const migratedState = join(migratedDir, "state");
  const removeMigrated = () => rmSync(migratedDir, { recursive: true, force: true });
  try {
    await applyMigrations(migratedState);
  } catch (error) {
    removeMigrated();
    throw error;
  }

  const graph = await startFakeGraph({ port: 0, accessToken: E2E_WHATSAPP.WHATSAPP_ACCESS_TOKEN });
  const vars = { ...E2E_WHATSAPP, WHATSAPP_GRAPH_URL: graph.url };
  // The shared server streams the demo's answers without the pause between words; the files that watch an answer
  // while it streams get a server of their own at the demo's real pace, started alongside (decision 0044).
  const watching = files.filter((file) => WATCHES_THE_STREAM.has(basename(file)));
  const started = await Promise.allSettled([
    startServer({ label: "e2e", vars: { ...vars, ...FAST_DEMO_PACE }, migratedState }),
    watching.length > 0 ? startServer({ label: "e2e-paced", vars, migratedState }) : Promise.resolve(null),
  ]);
  const failedStart = started.find((result) => result.status === "rejected");
  if (failedStart) {
    await Promise.all(started.map((result) => (result.status === "fulfilled" ? result.value?.stop() : undefined)));
    await graph.close();
    removeMigrated();
    throw failedStart.reason;
  }
  const [server, pacedServer] = started.map((result) => result.value);
  const servers = [server, pacedServer].filter(Boolean);
  // Ctrl+C or a CI cancel must not leave wrangler/workerd running or the temp dir behind.
  const onSignal = (signal) => {
    for (const child of running) child.kill(signal);
    void Promise.all([...servers.map((each) => each.stop()), graph.close()]).finally(() => {
      removeMigrated();
      process.exit(signal === "SIGINT" ? 130 : 143);
    });
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  try {
    console.log(`e2e: server at ${server.baseUrl}, Chromium ${chromium}`);
    // Files that start a server of their own (billing, images) leave its log here (server.mjs keepLog).
    rmSync(OWN_SERVER_LOGS, { recursive: true, force: true });
    mkdirSync(OWN_SERVER_LOGS, { recursive: true });
    const env = {
      BASE_URL: server.baseUrl,
      CHROMIUM_PATH: chromium,
      FAKE_GRAPH_URL: graph.url,
      WHATSAPP_APP_SECRET: E2E_WHATSAPP.WHATSAPP_APP_SECRET,
      [SERVER_LOGS_ENV]: OWN_SERVER_LOGS,
      [MIGRATED_STATE_ENV]: migratedState,
      ...(pacedServer ? { [PACED_URL_ENV]: pacedServer.baseUrl } : {}),
    };
    const together = files.filter((file) => !MOVES_THE_CLOCK.has(basename(file))).sort((a, b) => slowness(b) - slowness(a));
    const alone = files.filter((file) => MOVES_THE_CLOCK.has(basename(file)));
    const failed = [...(await runFiles(together, env, CONCURRENCY)), ...(await runFiles(alone, env, 1))];
    // A file that failed runs once more, alone. Still failing, the run fails; passing the second time, it is
    // named as flaky below, so an intermittent problem is seen without a red run hiding every other result.
    const stillFailing = failed.length > 0 ? await runFiles(failed, env, 1, "second run") : [];
    const flaky = failed.filter((file) => !stillFailing.includes(file));
    if (flaky.length > 0) console.log(`\ne2e: FLAKY (failed once, passed when run again alone): ${flaky.join(", ")}`);
    if (stillFailing.length > 0) console.error(`\ne2e: FAILED: ${stillFailing.join(", ")}`);
    const code = stillFailing.length > 0 ? 1 : 0;
    if (failed.length > 0) {
      // The temp dir goes away with the server; keep the full log where .gitignore already ignores it.
      const kept = join(ROOT, "test-results", "e2e-wrangler.log");
      try {
        mkdirSync(join(ROOT, "test-results"), { recursive: true });
        copyFileSync(server.logFile, kept);
      } catch {
        // Already removed by a signal-triggered stop; the tail below says "(no server output)".
      }
      console.error(`\n--- wrangler dev output, last lines (full log: ${kept}) ---\n${tailOf(server.logFile)}\n---`);
      console.error(`Servers that test files started for themselves left their logs in ${OWN_SERVER_LOGS}.`);
    }
    return code;
  } finally {
    await Promise.all([...servers.map((each) => each.stop()), graph.close()]);
    removeMigrated();
  }
}

/**
 * The demo provider waits 30 ms between words (DEMO_PACE_MS), so an answer streams for seconds as it would for a
 * person; most files only wait for an answer to end, and at that pace about a fifth of the stage was spent waiting.
 * They get 1 ms, as the integration tests do. The files named here watch an answer while it streams (reload it
 * mid-answer, follow its end, stop it): they run against a second server at the real pace (decision 0044).
 */
const WATCHES_THE_STREAM = new Set(["chat.test.mjs"]);
/** The paced server's address, for runFiles to hand to those files as their BASE_URL. */
const PACED_URL_ENV = "E2E_PACED_BASE_URL";

/**
 * Files that move the shared server's development clock (/dev/clock), which is that whole server's "now": they run
 * one at a time after the others, so no other file's sessions, allowances or day groups see time jump under them.
 * billing.test.mjs moves the clock too, but of the server it starts for itself, so it runs with the others.
 */
const MOVES_THE_CLOCK = new Set(["history.test.mjs", "recent-sign-in.test.mjs"]);

/**
 * The files that take longest (measured: 60-110 s each with two at a time, the rest 12-40 s) start first, so the
 * stage does not end with one long file running alone while the other slot is empty.
 */
const LONGEST_FIRST = ["a11y.test.mjs", "shell.test.mjs", "images.test.mjs", "chat.test.mjs", "billing.test.mjs", "session.test.mjs", "auth.test.mjs"];
function slowness(file) {
  const rank = LONGEST_FIRST.indexOf(basename(file));
  return rank === -1 ? 0 : LONGEST_FIRST.length - rank;
}

/**
 * How many files run at once against the one server. Every other file makes its own accounts, guests and e-mail
 * addresses, so they can share it. Two at a time took the stage from about 400 s to 335 s on a 2-core machine, which
 * Chromium and workerd already keep busy, so more would only slow each file. E2E_CONCURRENCY=1 runs them one by one.
 */
const CONCURRENCY = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? 2) || 1);

/**
 * Runs each file in its own `node --test` process, `concurrency` at a time, and prints a file's output in one piece
 * when it ends (so files running side by side do not interleave). Resolves with the files that failed.
 */
async function runFiles(files, extraEnv, concurrency, label = "") {
  const queue = [...files];
  const failed = [];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const started = Date.now();
      const paced = extraEnv[PACED_URL_ENV] && WATCHES_THE_STREAM.has(basename(file)) ? { BASE_URL: extraEnv[PACED_URL_ENV] } : {};
      const { code, output } = await runFile(file, { ...extraEnv, ...paced });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n--- ${file}${label ? ` (${label})` : ""}: ${code === 0 ? "passed" : "FAILED"} in ${seconds}s ---\n${output}`);
      if (code !== 0) failed.push(file);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return failed;
}

/** The children running now, so a signal to this process can stop them too. */
const running = new Set();

function runFile(file, extraEnv) {
  return new Promise((resolvePromise) => {
    const chunks = [];
    const child = spawn(process.execPath, ["--test", file], { cwd: ROOT, env: { ...process.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const done = (code) => {
      running.delete(child);
      resolvePromise({ code, output: Buffer.concat(chunks).toString() });
    };
    child.on("error", (error) => {
      chunks.push(Buffer.from(`${error.stack ?? error}\n`));
      done(1);
    });
    child.on("close", (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
