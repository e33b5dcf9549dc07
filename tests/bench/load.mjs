// Load checks for `npm run bench` (hardening issue): 1,000 concurrent spends on one account whose daily limit is
// 50 (exactly 50 may succeed; the rest get "out of credits"), and 200 concurrent streaming chats of a Pro account
// (every answer completes and is saved: none lost). Against `wrangler dev` with the fake OpenAI upstream, so the
// whole path runs: session, CreditsCounter Durable Object, the account's object (its turn runner), D1.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { DEV_PROXY_DROP } from "../e2e/helpers.mjs";
import { ROOT, run } from "../e2e/server.mjs";
import { movedInCookie, startFakeUpstream } from "./chat.mjs";

export const LOAD_BENCH = { spends: 1_000, limit: 50, streams: 200 };

const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

function session(userId, now) {
  const token = randomBytes(32).toString("base64url");
  const id = createHash("sha256").update(token).digest("hex");
  return {
    cookie: `session=${token}`,
    sql: `INSERT INTO sessions (id, user_id, expires_at, last_seen_at, user_agent, created_at) VALUES ('${id}', '${userId}', ${now + 86_400_000}, ${now}, 'bench', ${now});`,
  };
}

async function startLoadServer(startServer) {
  const fake = await startFakeUpstream();
  const now = Date.now();
  const free = session("load-free", now);
  const pro = session("load-pro", now);
  try {
    const server = await startServer({
      label: "bench-load",
      devtools: false,
      vars: { OPENAI_API_KEY: "sk-fake-bench", OPENAI_BASE_URL: fake.url, CREDITS_FREE_DAILY: String(LOAD_BENCH.limit) },
      async beforeStart(persistDir) {
        const file = join(persistDir, "..", "load-seed.sql");
        writeFileSync(
          file,
          `INSERT INTO users (id, email, email_verified, display_name, access_level, locale) VALUES
             ('load-free', 'load-free@example.com', 1, 'Load Free', 'basic', 'en'),
             ('load-pro', 'load-pro@example.com', 1, 'Load Pro', 'pro', 'en');
           ${free.sql}
           ${pro.sql}`,
        );
        await run(WRANGLER, ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"], {
          stdio: ["ignore", "ignore", "inherit"],
        });
      },
    });
    return { server, fake, free: await movedInCookie(server.baseUrl, free.cookie), pro: await movedInCookie(server.baseUrl, pro.cookie) };
  } catch (error) {
    await fake.stop();
    throw error;
  }
}

/** A connection cut under a request (by `wrangler dev`'s proxy or the runtime closing it). */
const CUT_CONNECTION = new Set(["ECONNRESET", "EPIPE"]);
/** Waits before each resend: an immediate one can meet the same failing connection (one turn was dropped three times). */
const RESEND_AFTER_MS = [100, 400, 1_600];
const resendLater = (attempt) => new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS[attempt]));

/**
 * A POST on a connection of its own, closed after the answer: no socket is reused from a pool that an earlier burst
 * left idle (1,000 spends leave up to 1,000), which the server side may already be closing. Reusing those made whole
 * bursts of the 200 streams fail with ECONNRESET before the worker saw them. Rejects with the socket's error code
 * when the connection fails or is cut before the answer ends.
 */
function postOnItsOwnConnection(url, headers, body) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "POST", headers: { ...headers, "Content-Length": Buffer.byteLength(body) }, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (piece) => (text += piece));
      response.on("close", () =>
        response.complete
          ? resolve({ status: response.statusCode, messageId: response.headers["x-message-id"], text })
          : reject(Object.assign(new Error("connection cut before the answer ended"), { code: "ECONNRESET" })),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * POSTs one chat turn; resolves with its status and, for a started answer, the final event and message id. Sent again
 * with the same request id, so the same charge, up to three times after a growing wait and counted in `retried`, when `wrangler dev`'s
 * own proxy dropped it (DEV_PROXY_DROP: the worker never saw it) or the connection was cut before the answer ended:
 * the worker may have begun that answer, and a retried request id joins the answer it started (`awaitMessageFor` in
 * app/.server/chat/turn/begin.ts), as a browser's retry does. A request that fails otherwise (the connection refused)
 * resolves with status 0 and the error, so one never hides the rest.
 */
async function turn(baseUrl, cookie, message) {
  const body = JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message, mode: "send" });
  let retried = 0;
  for (;;) {
    try {
      const response = await postOnItsOwnConnection(`${baseUrl}/api/chat`, { "Content-Type": "application/json", Cookie: cookie }, body);
      if (response.status !== 200) {
        const error = response.text.slice(0, 200);
        if (response.status === 503 && error.startsWith(DEV_PROXY_DROP) && retried < RESEND_AFTER_MS.length) {
          await resendLater(retried++);
          continue;
        }
        return { status: response.status, error, retried };
      }
      return { status: response.status, messageId: response.messageId, done: doneEvent(response.text), retried };
    } catch (error) {
      if (CUT_CONNECTION.has(error.code) && retried < RESEND_AFTER_MS.length) {
        await resendLater(retried++);
        continue;
      }
      return { status: 0, error: `${error.message}${error.code ? ` (${error.code})` : ""}`, retried };
    }
  }
}

/** An answer's Server-Sent Events: its final "done" event, or undefined when the stream ended without one. */
const doneEvent = (text) =>
  text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice(6)))
    .find((event) => event.type === "done");

const HELD_MS = 30_000;

/**
 * A GET through `wrangler dev`, sent again if no answer came within HELD_MS. When the proxy's connection to the runtime
 * fails under it, the proxy takes the runtime for restarting and queues a GET until the restart is over, which never
 * comes, so the request waits for ever (decision 0026, "The load figures"); the runtime never saw it. `held` counts them.
 */
async function getThroughDevProxy(url, headers, held) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(HELD_MS) });
      return await response.text();
    } catch (error) {
      if (error.name !== "TimeoutError" || attempt >= 2) throw error;
      held.count++;
    }
  }
}

/** How many turns `wrangler dev`'s proxy dropped once or more before they went through (see turn()). */
const retriedTurns = (results) => results.filter((result) => result.retried > 0).length;

/** Why each turn that did not complete ended, counted: "503 …", "fetch failed (…)", "done: interrupted", "no done event". */
function unfinishedReasons(results) {
  const reasons = new Map();
  for (const result of results) {
    if (result.done?.status === "complete") continue;
    const reason =
      result.status !== 200
        ? `${result.status} ${result.error}`
        : result.done
          ? `done: ${result.done.status} ${result.done.errorCode ?? ""}`.trim()
          : "no done event";
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return [...reasons].map(([reason, count]) => `${count} × ${reason}`);
}

/** Runs both checks on one server. */
export async function measureLoad(startServer) {
  const { server, fake, free, pro } = await startLoadServer(startServer);
  const held = { count: 0 };
  try {
    // Warm the worker and both accounts' objects first, so start-up is not counted.
    await turn(server.baseUrl, pro, "warm up");

    const spendsStarted = performance.now();
    const spends = await Promise.all(Array.from({ length: LOAD_BENCH.spends }, (_, index) => turn(server.baseUrl, free, `spend ${index}`)));
    const spendsMs = performance.now() - spendsStarted;
    const accepted = spends.filter((result) => result.status === 200).length;
    const refused = spends.filter((result) => result.status === 402).length;

    const streamsStarted = performance.now();
    const streams = await Promise.all(Array.from({ length: LOAD_BENCH.streams }, (_, index) => turn(server.baseUrl, pro, `stream ${index}`)));
    const streamsMs = performance.now() - streamsStarted;
    const completed = streams.filter((result) => result.done?.status === "complete");
    // Saved: each answer read back as a reloaded page would (from the account's object once finished), with the same text.
    let saved = 0;
    for (const result of completed) if (await readBack(server.baseUrl, pro, result, held)) saved++;
    return {
      spends: { total: spends.length, accepted, refused, other: spends.length - accepted - refused, ms: spendsMs },
      streams: {
        total: streams.length,
        completed: completed.length,
        saved,
        ms: streamsMs,
        unfinished: unfinishedReasons(streams),
        retried: retriedTurns(streams),
      },
    };
  } finally {
    await server.stop();
    await fake.stop();
  }
}

/** Decision 0026: many accounts chatting at once, each its own object; none of it may write D1 while answers stream. */
export const ACCOUNTS_LOAD = { accounts: 100, turnsEach: 10, daily: 100, readBackAtOnce: 50 };

/**
 * 1,000 concurrent turns across 100 signed-in Free accounts (10 each, all at once) on the benchmark's D1-counting
 * build (tests/bench/d1-count-worker.ts). Returns what was lost (an answer not complete, or not read back complete with
 * the same text from its account's object), the accounts whose day's charges differ from their turns, and the D1
 * statements made while the turns ran (session reads only; no write).
 */
export async function measureAccountsLoad(startServer) {
  const fake = await startFakeUpstream();
  const now = Date.now();
  const accounts = Array.from({ length: ACCOUNTS_LOAD.accounts }, (_, index) => ({ id: `load-account-${index}`, ...session(`load-account-${index}`, now) }));
  let server;
  const held = { count: 0 };
  try {
    server = await startServer({
      label: "bench-accounts-load",
      script: "tests/bench/d1-count-worker.ts",
      vars: { OPENAI_API_KEY: "sk-fake-bench", OPENAI_BASE_URL: fake.url, CREDITS_FREE_DAILY: String(ACCOUNTS_LOAD.daily) },
      async beforeStart(persistDir) {
        const file = join(persistDir, "..", "accounts-load-seed.sql");
        const users = accounts.map(({ id }) => `('${id}', '${id}@example.com', 1, 'Load ${id}', 'basic', 'en')`).join(",\n");
        writeFileSync(
          file,
          `INSERT INTO users (id, email, email_verified, display_name, access_level, locale) VALUES ${users};\n${accounts.map((account) => account.sql).join("\n")}`,
        );
        await run(WRANGLER, ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"], {
          stdio: ["ignore", "ignore", "inherit"],
        });
      },
    });
    const { baseUrl } = server;
    for (const account of accounts) account.cookie = await movedInCookie(baseUrl, account.cookie);
    const take = async () => JSON.parse(await getThroughDevProxy(`${baseUrl}/__bench/d1`, {}, held));
    const credits = async (account) => JSON.parse(await getThroughDevProxy(`${baseUrl}/api/credits`, { Cookie: account.cookie }, held)).used;
    // Every account's object is started (and finds no old rows to move in) before the turns, as a returning person's is.
    const usedBefore = await Promise.all(accounts.map(credits));
    await take();

    const started = performance.now();
    const turns = await Promise.all(
      accounts.flatMap((account) =>
        Array.from({ length: ACCOUNTS_LOAD.turnsEach }, (_, index) =>
          turn(baseUrl, account.cookie, `${account.id} turn ${index}`).then((result) => ({ account, ...result })),
        ),
      ),
    );
    const ms = performance.now() - started;
    const during = await take();

    const completed = turns.filter((result) => result.done?.status === "complete");
    let stored = 0;
    for (let index = 0; index < completed.length; index += ACCOUNTS_LOAD.readBackAtOnce) {
      const batch = await Promise.all(
        completed.slice(index, index + ACCOUNTS_LOAD.readBackAtOnce).map((result) => readBack(baseUrl, result.account.cookie, result, held)),
      );
      stored += batch.filter(Boolean).length;
    }
    const usedAfter = await Promise.all(accounts.map(credits));
    const chargedWrong = accounts.filter((account, index) => usedAfter[index] - usedBefore[index] !== ACCOUNTS_LOAD.turnsEach).length;
    return {
      total: turns.length,
      completed: completed.length,
      stored,
      unfinished: unfinishedReasons(turns),
      retried: retriedTurns(turns),
      held: held.count,
      chargedWrong,
      charged: usedAfter.reduce((sum, used, index) => sum + used - usedBefore[index], 0),
      reads: during.reads,
      writes: during.writes,
      statements: during.statements,
      ms,
    };
  } finally {
    await server?.stop();
    await fake.stop();
  }
}

/** Whether a finished answer reads back complete, with the text it streamed, from its account's object. */
async function readBack(baseUrl, cookie, result, held) {
  const done = doneEvent(await getThroughDevProxy(`${baseUrl}/api/chat/${result.messageId}/stream`, { Cookie: cookie }, held));
  return done?.status === "complete" && done.text === result.done.text;
}
