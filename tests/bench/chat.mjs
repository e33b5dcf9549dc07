// Chat figures for `npm run bench` (tests/bench/run.mjs): the same streamed completion called directly against
// the fake OpenAI-compatible upstream (tests/mocks/fake-openai.mjs, its own Node process) and through the app
// (`wrangler dev` with OPENAI_BASE_URL pointing at it, a signed-in Free user, credits and persistence on), and the
// history and search query times for that user with 10,000 threads and 100,000 messages seeded into their account's
// own object (decision 0026), end to end and inside the object.
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run } from "../e2e/server.mjs";

const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

export const CHAT_BENCH = {
  /**
   * Paired runs (direct, then through the app) after the warm-up. 150, not 50: medians of 25 runs on one warm
   * server range from 3.9 to 5.4 ms, so 50 runs left about ±0.3 ms of sampling noise on a 5 ms budget.
   */
  runs: 150,
  warmup: 10,
  /** The fake upstream's answer: chunks and the pause before each. */
  tokens: 20,
  intervalMs: 10,
  threads: 10_000,
  messagesPerThread: 10,
  /** Timed GETs of the history page and of a search. */
  queryRuns: 50,
  /** Free plan, with a daily limit high enough for every run (credits are still checked and charged). */
  freeDaily: 100_000,
};

const USER_ID = "bench-user";
/** Messages draw their words (12 each) from this many made-up words: each word is in roughly 0.6% of messages. */
const VOCABULARY = 2_000;

/** Made-up, pronounceable, unique words (so a search matches a realistic share of messages, not all). */
function vocabulary(size) {
  const onsets = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "gr", "st", "tr"];
  const vowels = ["a", "e", "i", "o", "u"];
  const words = new Set();
  for (let index = 0; words.size < size; index++) {
    let value = index;
    let word = "";
    for (let syllable = 0; syllable < 3; syllable++) {
      word += onsets[value % onsets.length] + vowels[Math.floor(value / onsets.length) % vowels.length];
      value = Math.floor(value / (onsets.length * vowels.length)) + syllable * 7 + 3;
    }
    words.add(`${word}${index % 7 === 0 ? "n" : ""}`);
  }
  return [...words];
}

/** SQL that makes the signed-in Free user and their session (their history is seeded into their object later). */
function seedSql({ sessionId, now }) {
  return `
INSERT INTO users (id, email, email_verified, display_name, access_level, locale) VALUES ('${USER_ID}', 'bench@example.com', 1, 'Bench User', 'basic', 'en');
INSERT INTO sessions (id, user_id, expires_at, last_seen_at, user_agent, created_at) VALUES ('${sessionId}', '${USER_ID}', ${now + 29 * 86_400_000}, ${now}, 'bench', ${now});
`;
}

/** POST /dev/history-bench (development only, chat/history-bench.ts) as the bench user. */
async function historyBench(baseUrl, cookie, body) {
  const response = await fetch(`${baseUrl}/dev/history-bench`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`POST /dev/history-bench (${body.intent}) answered ${response.status}: ${JSON.stringify(json)}`);
  return json.result;
}

/** Starts tests/mocks/fake-openai.mjs as a child process (its own event loop, like a real upstream). */
export function startFakeUpstream() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, "tests", "mocks", "fake-openai.mjs"),
        "--port",
        "0",
        "--tokens",
        String(CHAT_BENCH.tokens),
        "--interval",
        String(CHAT_BENCH.intervalMs),
        "--quiet",
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`fake upstream exited early (${code}): ${output}`)));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => {
      output += text;
      const url = /OPENAI_BASE_URL=(\S+)/.exec(output)?.[1];
      if (url) {
        child.removeAllListeners("exit");
        resolve({
          url,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
  });
}

/**
 * The cookie of a session seeded in D1 the old way (its token alone), as the app rewrites it on the first page: naming
 * the account, whose object then holds the session (decision 0039). Every later request is authenticated by that
 * object alone, as a signed-in browser's is.
 */
export async function movedInCookie(baseUrl, oldCookie) {
  const response = await fetch(`${baseUrl}/web-main`, { headers: { Cookie: oldCookie } });
  await response.text();
  const line = response.headers.getSetCookie().find((header) => /^session=[^;]+\./.test(header));
  if (!line) throw new Error(`GET /web-main answered ${response.status} without moving the session in`);
  return line.split(";")[0];
}

/**
 * The fake upstream, a wrangler dev configured for it (seeded with the bench user's history), and that user's
 * session cookie. `startServer` is tests/e2e/server.mjs's. Options: `devtools` (default false: wrangler dev
 * without its DevTools inspector, which records every request the worker makes; the app's own figures are taken
 * without it) and `history` (default true: seed the 10,000 threads; the streaming figures do not need them).
 */
export async function startChatBench(startServer, { devtools = false, history = true, vars = {}, label = "bench-chat" } = {}) {
  const fake = await startFakeUpstream();
  try {
    const token = randomBytes(32).toString("base64url");
    const sessionId = createHash("sha256").update(token).digest("hex");
    const words = vocabulary(VOCABULARY);
    const server = await startServer({
      label,
      devtools,
      vars: { OPENAI_API_KEY: "sk-fake-bench", OPENAI_BASE_URL: fake.url, CREDITS_FREE_DAILY: String(CHAT_BENCH.freeDaily), ...vars },
      async beforeStart(persistDir) {
        const file = join(persistDir, "..", "bench-seed.sql");
        writeFileSync(file, seedSql({ sessionId, now: Date.now() }));
        await run(WRANGLER, ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"], {
          stdio: ["ignore", "ignore", "inherit"],
        });
      },
    });
    const cookie = await movedInCookie(server.baseUrl, `session=${token}`);
    // The 10,000 threads and 100,000 messages go into the account's own object, where the app reads them.
    if (history) {
      const { threads, messagesPerThread } = CHAT_BENCH;
      await historyBench(server.baseUrl, cookie, { intent: "seed", threads, messagesPerThread, words, now: Date.now() });
    }
    return {
      fake,
      server,
      cookie,
      /** A word of the vocabulary to search for (matches a few hundred messages among 100,000). */
      searchWord: words[42],
      async close() {
        await server.stop();
        await fake.stop();
      },
    };
  } catch (error) {
    await fake.stop();
    throw error;
  }
}

/**
 * Reads an SSE body and calls onEvent(parsedJsonOrDoneMarker, time) for each `data:` line as its bytes arrive.
 */
async function readSse(response, onEvent) {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of response.body) {
    const now = performance.now();
    buffer += decoder.decode(chunk, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      for (const line of block.split("\n")) {
        if (!line.startsWith("data: ")) continue;
        const data = line.slice(6);
        onEvent(data === "[DONE]" ? { done: true } : JSON.parse(data), now);
      }
      boundary = buffer.indexOf("\n\n");
    }
  }
}

/** The wall clock with sub-millisecond precision, as the fake upstream stamps its timings (same machine). */
const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Token arrival times relative to the request start: [first, second, ...] in ms; `times.startedAt` is the start on
 * the wall clock, for the split against the fake upstream's own stamps (`upstreamSplit`).
 */
async function directStream(fakeUrl, question) {
  const startedAt = epochNow();
  const started = performance.now();
  const response = await fetch(`${fakeUrl}/chat/completions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer sk-fake-bench" },
    body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: question }], stream: true, stream_options: { include_usage: true } }),
  });
  if (!response.ok) throw new Error(`fake upstream answered ${response.status}`);
  const times = [];
  await readSse(response, (event, now) => {
    if (event.choices?.[0]?.delta?.content) times.push(now - started);
  });
  times.startedAt = startedAt;
  return times;
}

async function appStream(bench, question) {
  const startedAt = epochNow();
  const started = performance.now();
  const response = await fetch(`${bench.server.baseUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: bench.cookie },
    body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message: question, mode: "send" }),
  });
  if (!response.ok) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  const times = [];
  let status = null;
  await readSse(response, (event, now) => {
    if ((event.type === "snapshot" || event.type === "delta") && event.text) times.push(now - started);
    if (event.type === "done") status = event.status;
  });
  if (status !== "complete") throw new Error(`the answer through the app ended "${status}"`);
  times.startedAt = startedAt;
  return times;
}

/**
 * Where a first token's time went, from the fake upstream's stamps for `question` (tests/mocks/fake-openai.mjs
 * GET /__timings): `out`, from sending to the upstream receiving the request; `back`, from the upstream sending its
 * first token to the client reading it. The rest is the upstream's own wait, the same on both paths.
 */
async function upstreamSplit(fakeUrl, question, times) {
  const stamps = await (await fetch(`${fakeUrl.replace(/\/v1$/, "")}/__timings`)).json();
  const stamp = stamps[question];
  if (!stamp) throw new Error(`the fake upstream has no timings for "${question}"`);
  return { out: stamp.receivedAt - times.startedAt, back: times.startedAt + times[0] - stamp.firstTokenAt };
}

const gapsOf = (times) => times.slice(1).map((time, index) => time - times[index]);

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * Streams the same completion directly and through the app, alternately, `runs` times. Returns the paired
 * time-to-first-token differences and every between-token gap of both paths. With a `baseline` (an older build's
 * bench, tests/bench/baseline.mjs) each run also streams through it, the two builds taking turns going first, and
 * its added times and floor come back as `baseline`.
 */
export async function measureStreaming(bench, baseline) {
  // Memory stays off for these turns: with it on, each answer queues an extraction that `wrangler dev` runs on the same
  // two cores while the next turns are measured (deployed, a queue consumer elsewhere runs it). The turn still reads
  // the person's memory settings on its way, as every turn does. The bench is shared with the figures after it (the
  // memory ones among them), so memory is switched back on when these runs end.
  await setMemory(bench, false);
  if (baseline) await setMemory(baseline, false);
  try {
    return await streamAndFloor(bench, baseline);
  } finally {
    await setMemory(bench, true);
    if (baseline) await setMemory(baseline, true);
  }
}

async function streamAndFloor(bench, baseline) {
  const direct = { ttft: [], gaps: [], out: [], back: [] };
  const app = { ttft: [], gaps: [], out: [], back: [] };
  const added = [];
  // Also taken just before each of this build's turns, beside the block after them, to show how far the floor itself
  // moves with the moment it is taken (tests/bench/chat-first-token-diary.md, 2026-12-03).
  const floorBeside = [];
  const baselineAdded = [];
  for (let index = 0; index < CHAT_BENCH.warmup + CHAT_BENCH.runs; index++) {
    const question = `Benchmark question number ${index}`;
    // Its own question through the app, so the fake upstream's timings tell the two requests apart.
    const appQuestion = `${question}.`;
    const directTimes = await directStream(bench.fake.url, question);
    const oldFirst = baseline && index % 2 === 1;
    const oldTimes = oldFirst ? await appStream(baseline, question) : undefined;
    const floorNow = await floorOnce(bench);
    const appTimes = await appStream(bench, appQuestion);
    const baselineTimes = baseline && !oldFirst ? await appStream(baseline, question) : oldTimes;
    if (directTimes.length !== CHAT_BENCH.tokens || appTimes.length === 0 || baselineTimes?.length === 0) {
      throw new Error(`expected ${CHAT_BENCH.tokens} tokens, got ${directTimes.length} direct / ${appTimes.length} through the app`);
    }
    if (index < CHAT_BENCH.warmup) continue;
    direct.ttft.push(directTimes[0]);
    app.ttft.push(appTimes[0]);
    for (const [path, asked, times] of [
      [direct, question, directTimes],
      [app, appQuestion, appTimes],
    ]) {
      const { out, back } = await upstreamSplit(bench.fake.url, asked, times);
      path.out.push(out);
      path.back.push(back);
    }
    added.push(appTimes[0] - directTimes[0]);
    floorBeside.push(floorNow);
    if (baselineTimes) baselineAdded.push(baselineTimes[0] - directTimes[0]);
    direct.gaps.push(...gapsOf(directTimes));
    app.gaps.push(...gapsOf(appTimes));
  }
  // The floor is taken once the turns' memory extraction (queued after each answer, run by `wrangler dev` on the same
  // cores) is over: taken at once, it read 1 to 4 ms higher. The turns above ran beside that work, so the app's share
  // over this floor leans high, not low. Both builds' floors take turns, as their answers did.
  await settled(bench);
  if (baseline) await settled(baseline);
  const floor = [];
  const baselineFloor = [];
  for (let index = 0; index < CHAT_BENCH.runs; index++) {
    if (baseline && index % 2 === 1) baselineFloor.push(await floorOnce(baseline));
    floor.push(await floorOnce(bench));
    if (baseline && index % 2 === 0) baselineFloor.push(await floorOnce(baseline));
  }
  const result = { direct, app, added, floor, floorBeside, runs: CHAT_BENCH.runs, devtools: bench.server.devtools };
  if (!baseline) return result;
  return { ...result, baseline: { ref: baseline.ref, sha: baseline.sha, added: baselineAdded, floor: baselineFloor } };
}

/** Settings › Memory's switch for the bench user (POST /api/memory). */
export async function setMemory(bench, enabled) {
  const response = await fetch(`${bench.server.baseUrl}/api/memory`, {
    method: "POST",
    headers: { Cookie: bench.cookie },
    body: new URLSearchParams({ intent: "enabled", enabled: String(enabled) }),
  });
  if (!response.ok) throw new Error(`POST /api/memory answered ${response.status}: ${await response.text()}`);
}

/** Resolves once the fake upstream has had no memory extraction request for 1.5 s (at most 60 s). */
async function settled(bench) {
  const extractions = async () => (await (await fetch(`${bench.fake.url.replace(/\/v1$/, "")}/__memory-calls`)).json()).extractions.length;
  let seen = await extractions();
  let quietSince = performance.now();
  for (const giveUpAt = performance.now() + 60_000; performance.now() < giveUpAt;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await extractions();
    if (now !== seen) [seen, quietSince] = [now, performance.now()];
    else if (performance.now() - quietSince >= 1_500) return;
  }
}

/**
 * The dev server's own floor, one request: the same POST /api/chat as a turn (its JSON body, its session cookie) but
 * from another site, which the worker refuses (403) before running any app code. Part of every "added" figure is
 * this round trip through `wrangler dev` (its proxy worker carrying the request's headers and body, then the
 * worker's entry), not the app. (Without the body it reads about 0.3 ms lower: carrying it is wrangler's work too.)
 */
async function floorOnce(bench) {
  const started = performance.now();
  const response = await fetch(`${bench.server.baseUrl}/api/chat`, {
    method: "POST",
    headers: { Origin: "https://elsewhere.example", "Content-Type": "application/json", Cookie: bench.cookie },
    body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message: "Benchmark question number 0.", mode: "send" }),
  });
  await response.arrayBuffer();
  if (response.status !== 403) throw new Error(`the floor request answered ${response.status}, not 403`);
  return performance.now() - started;
}

async function timedGet(bench, path) {
  const started = performance.now();
  const response = await fetch(`${bench.server.baseUrl}${path}`, { headers: { Cookie: bench.cookie } });
  const body = await response.json();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return { elapsed, body };
}

/**
 * GET /api/threads (first page of history) and GET /api/threads?q=<word> as the seeded user, timed end to end,
 * each paired with a baseline request to the same route that runs no query (`?q=!!!` has no searchable word):
 * the difference is the time the history or search query adds, without wrangler dev's, Remix's and the session
 * lookup's fixed cost.
 */
export async function measureHistory(bench) {
  const history = { total: [], added: [] };
  const search = { total: [], added: [] };
  const baseline = [];
  let pageSize = 0;
  let found = 0;
  for (let index = 0; index < CHAT_BENCH.warmup + CHAT_BENCH.queryRuns; index++) {
    const empty = await timedGet(bench, "/api/threads?q=!!!");
    const page = await timedGet(bench, "/api/threads");
    const result = await timedGet(bench, `/api/threads?q=${encodeURIComponent(bench.searchWord)}`);
    if (index < CHAT_BENCH.warmup) continue;
    if (empty.body.threads.length !== 0) throw new Error("the baseline request unexpectedly returned threads");
    baseline.push(empty.elapsed);
    history.total.push(page.elapsed);
    history.added.push(page.elapsed - empty.elapsed);
    search.total.push(result.elapsed);
    search.added.push(result.elapsed - empty.elapsed);
    pageSize = page.body.threads.length;
    found = result.body.threads.length;
  }
  if (pageSize === 0 || found === 0) throw new Error(`the seeded history was not found (page ${pageSize}, search ${found})`);
  const inObject = await measureHistoryInObject(bench);
  const indexCost = await historyBench(bench.server.baseUrl, bench.cookie, { intent: "index-cost", rounds: 20, perRound: 20, deleteThreads: [200, 2_000] });
  return { history, search, baseline, pageSize, found, inObject, indexCost };
}

/**
 * The same two queries timed inside the account's object, where the app runs them (chat/history-bench.ts): the
 * object's clock ticks in whole milliseconds, so each of `rounds` rounds times `perRound` runs of each query.
 */
export async function measureHistoryInObject(bench, rounds = CHAT_BENCH.queryRuns, perRound = 20) {
  const result = await historyBench(bench.server.baseUrl, bench.cookie, { intent: "time", word: bench.searchWord, rounds, perRound });
  if (result.pageSize === 0 || result.found === 0)
    throw new Error(`the seeded history was not found in the object (page ${result.pageSize}, search ${result.found})`);
  return { ...result, rounds, perRound };
}

/** About 3 KB of answer (390 pieces of about 8 characters) over about 5 s: progress is due several times on the way. */
export const STREAM_COST_UPSTREAM = "normal?n=390&ms=12";

/**
 * The rows the account's object writes while a streamed answer of about 3 KB goes on, counted inside the object
 * (chat/history-bench.ts "bench.rowWrites"): from the answer's first piece reaching the reader, when its rows are
 * written, to its last event, when its outcome is (decision 0022 "Saving an answer"). Its own wrangler dev, where the
 * chat model streams STREAM_COST_UPSTREAM. Returns the median of `runs` answers and their sizes.
 */
export async function measureStreamCost(startServer, runs = 3) {
  const bench = await startChatBench(startServer, {
    history: false,
    label: "bench-stream-cost",
    vars: { MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": STREAM_COST_UPSTREAM }) },
  });
  try {
    const counts = [];
    const sizes = [];
    for (let index = 0; index < runs; index++) {
      const response = await fetch(`${bench.server.baseUrl}/api/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: bench.cookie },
        body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message: `Three kilobytes, run ${index}`, mode: "send" }),
      });
      if (!response.ok) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
      let counting = null;
      let done = null;
      await readSse(response, (event) => {
        if (!counting && event.type === "delta") counting = historyBench(bench.server.baseUrl, bench.cookie, { intent: "row-writes", action: "start" });
        if (event.type === "done") done = event;
      });
      if (done?.status !== "complete") throw new Error(`the answer ended "${done?.status}"`);
      await counting;
      counts.push(await historyBench(bench.server.baseUrl, bench.cookie, { intent: "row-writes", action: "read" }));
      sizes.push(done.text.length);
    }
    return { rows: percentile(counts, 50), counts, size: percentile(sizes, 50) };
  } finally {
    await bench.close();
  }
}
