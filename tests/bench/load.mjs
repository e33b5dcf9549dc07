// Load checks for `npm run bench` (hardening issue): 1,000 concurrent spends on one account whose daily limit is
// 50 (exactly 50 may succeed; the rest get "out of credits"), and 200 concurrent streaming chats of a Pro account
// (every answer completes and is saved: none lost). Against `wrangler dev` with the fake OpenAI upstream, so the
// whole path runs: session, CreditsCounter Durable Object, ChatRelay, D1.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run } from "../e2e/server.mjs";
import { startFakeUpstream } from "./chat.mjs";

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
    return { server, fake, free: free.cookie, pro: pro.cookie };
  } catch (error) {
    await fake.stop();
    throw error;
  }
}

/** POSTs one chat turn; resolves with its status and, for a started answer, the final event and message id. */
async function turn(baseUrl, cookie, message) {
  const response = await fetch(`${baseUrl}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message, mode: "send" }),
  });
  if (!response.ok) {
    await response.arrayBuffer();
    return { status: response.status };
  }
  const text = await response.text();
  const events = text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice(6)));
  return { status: response.status, messageId: response.headers.get("X-Message-Id"), done: events.find((event) => event.type === "done") };
}

/** Runs both checks on one server. */
export async function measureLoad(startServer) {
  const { server, fake, free, pro } = await startLoadServer(startServer);
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
    // Saved: each answer read back as a reloaded page would (from D1 once finished), with the same text.
    let saved = 0;
    for (const result of completed) {
      const response = await fetch(`${server.baseUrl}/api/chat/${result.messageId}/stream`, { headers: { Cookie: pro } });
      const body = await response.text();
      const done = body
        .split("\n\n")
        .filter((block) => block.startsWith("data: "))
        .map((block) => JSON.parse(block.slice(6)))
        .find((event) => event.type === "done");
      if (done?.status === "complete" && done.text === result.done.text) saved++;
    }
    return {
      spends: { total: spends.length, accepted, refused, other: spends.length - accepted - refused, ms: spendsMs },
      streams: { total: streams.length, completed: completed.length, saved, ms: streamsMs },
    };
  } finally {
    await server.stop();
    await fake.stop();
  }
}
