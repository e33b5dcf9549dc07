// D1 queries per request for `npm run bench` (tests/bench/run.mjs; decisions 0026 and 0039): each main screen as a
// signed-in Free user and as a first-time visitor, the page_view event every navigation posts, a chat turn streamed to
// its end, a page of history, a search, and a WhatsApp message from a linked number answered to its end. The server runs the benchmark's build of the worker (tests/bench/d1-count-worker.ts), which counts every
// statement that reaches D1 from the worker and its Durable Objects; the deployed worker counts nothing.
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run } from "../e2e/server.mjs";
import { startFakeGraph } from "../mocks/fake-graph.mjs";
import { messageDelivery, TEST_BUSINESS_NUMBER, TEST_PHONE_NUMBER_ID } from "../mocks/whatsapp-payloads.mjs";
import { movedInCookie, startFakeUpstream } from "./chat.mjs";

const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

export const D1_BENCH = {
  /** Decision 0026: a settings or payment page reads D1 at most twice and never writes; a chat turn writes nothing to D1. */
  pageReads: 2,
  pageWrites: 0,
  turnWrites: 0,
  /** Decision 0039: the request kinds every person makes all day read and write nothing shared. */
  kindReads: 0,
  kindWrites: 0,
};

/** What reads or writes D1 on purpose (decision 0039): each is rare per person, and none is on a page view or a turn. */
export const D1_EXCEPTIONS = [
  "signing in (the account by e-mail, Google/Apple subject or passkey; the profile copied into the account's object)",
  "a Stripe webhook (the customer's account; the subscription; the profile copied)",
  "the first link of a WhatsApp number (number -> account)",
  "Settings and payment pages and the account's own actions (sign-in methods, passkeys, subscriptions, a new profile photo)",
];

const WHATSAPP_SECRET = "bench-d1-app-secret";
const WHATSAPP_PHONE = "447700900777";
const PRO_USER_ID = "bench-d1-pro";

const USER_ID = "bench-d1-user";
const THREAD_ID = "bench-d1-thread";

/** The signed-in Free user, their session, and one chat of a question and its answer. */
function seedSql({ sessionId, now }) {
  return `
INSERT INTO users (id, email, email_verified, display_name, access_level, locale) VALUES ('${USER_ID}', 'bench-d1@example.com', 1, 'Bench User', 'basic', 'en');
INSERT INTO users (id, email, email_verified, display_name, access_level, locale) VALUES ('${PRO_USER_ID}', 'bench-d1-pro@example.com', 1, 'Bench Pro', 'pro', 'en');
INSERT INTO whatsapp_links (id, user_id, phone, verified_at, last_inbound_at) VALUES ('bench-d1-link', '${PRO_USER_ID}', '${WHATSAPP_PHONE}', ${now}, ${now});
INSERT INTO sessions (id, user_id, expires_at, last_seen_at, user_agent, created_at) VALUES ('${sessionId}', '${USER_ID}', ${now + 29 * 86_400_000}, ${now}, 'bench', ${now});
INSERT INTO chat_threads (id, owner_id, tool, title, starred, created_at, updated_at) VALUES ('${THREAD_ID}', '${USER_ID}', 'web-main', 'A question', 0, ${now}, ${now});
INSERT INTO chat_messages (id, thread_id, role, content, model, status, created_at, updated_at) VALUES
  ('bench-d1-m1', '${THREAD_ID}', 'user', 'What is a bookmark?', 'gpt-4o-mini', 'complete', ${now}, ${now}),
  ('bench-d1-m2', '${THREAD_ID}', 'assistant', 'A point in the database''s history.', 'gpt-4o-mini', 'complete', ${now + 1}, ${now + 1});
`;
}

/** The screens of docs/product.md §2 that a signed-in person opens, and the first page a visitor sees. */
export const SCREENS = [
  { name: "signed-in /web-main", path: "/web-main", signedIn: true },
  { name: "signed-in chat thread", path: `/web-main/${THREAD_ID}`, signedIn: true },
  { name: "signed-in /gallery", path: "/gallery", signedIn: true },
  { name: "signed-in /settings/account", path: "/settings/account", signedIn: true },
  { name: "signed-in /settings/login-connection", path: "/settings/login-connection", signedIn: true },
  { name: "signed-in /settings/my-plan", path: "/settings/my-plan", signedIn: true },
  { name: "signed-in /payment", path: "/payment", signedIn: true },
  { name: "guest /web-main (first visit)", path: "/web-main", signedIn: false },
];

/** Reads a Server-Sent Events body to its end; returns the `done` event's status. */
async function streamedStatus(response) {
  const text = await response.text();
  const done = text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)))
    .find((event) => event.type === "done");
  return done?.status ?? null;
}

/**
 * Starts the counting server, then measures each request alone: the counts are taken (and zeroed) before it and
 * after it, once its background work has ended. Returns { screens, pageView, turn }, each with the counts
 * { reads, writes, accountReads, accountWrites, statements }.
 */
export async function measureD1Queries(startServer) {
  const fake = await startFakeUpstream();
  const graph = await startFakeGraph({ port: 0, accessToken: "bench-d1-access-token" });
  const token = randomBytes(32).toString("base64url");
  const sessionId = createHash("sha256").update(token).digest("hex");
  let server;
  try {
    server = await startServer({
      label: "bench-d1",
      script: "tests/bench/d1-count-worker.ts",
      vars: {
        OPENAI_API_KEY: "sk-fake-bench",
        OPENAI_BASE_URL: fake.url,
        WHATSAPP_APP_SECRET: WHATSAPP_SECRET,
        WHATSAPP_VERIFY_TOKEN: "bench-d1-verify",
        WHATSAPP_ACCESS_TOKEN: "bench-d1-access-token",
        WHATSAPP_PHONE_NUMBER_ID: TEST_PHONE_NUMBER_ID,
        WHATSAPP_BUSINESS_NUMBER: TEST_BUSINESS_NUMBER,
        WHATSAPP_GRAPH_URL: graph.url,
      },
      async beforeStart(persistDir) {
        const file = join(persistDir, "..", "bench-d1-seed.sql");
        writeFileSync(file, seedSql({ sessionId, now: Date.now() }));
        await run(WRANGLER, ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"], {
          stdio: ["ignore", "ignore", "inherit"],
        });
      },
    });
    const { baseUrl } = server;
    const take = async () => (await fetch(`${baseUrl}/__bench/d1`)).json();
    // The seeded session is of the old format: the first page moves it into the account's object and rewrites the
    // cookie (decision 0039), as it does for every browser signed in before; the measured requests use the new one.
    // That first request also moves the account's old chat rows into its object (decision 0026).
    const cookie = await movedInCookie(baseUrl, `session=${token}`);
    const cookieOf = (signedIn) => (signedIn ? { Cookie: cookie } : {});
    /** One request's counts; `read` consumes the answer (its body is where a page's loaders finish). */
    const counted = async (path, init, read = (response) => response.text()) => {
      await take();
      const response = await fetch(`${baseUrl}${path}`, { redirect: "manual", ...init });
      if (response.status >= 400) throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}`);
      const outcome = await read(response);
      return { status: response.status, outcome, ...(await take()) };
    };

    // None of the measured requests pays for loading the server build or moving the account in.
    await fetch(`${baseUrl}/web-main`, { headers: cookieOf(true) }).then((response) => response.text());
    await take();
    const screens = [];
    for (const screen of SCREENS) screens.push({ ...screen, ...(await counted(screen.path, { headers: cookieOf(screen.signedIn) })) });
    const pageView = await counted("/api/analytics", {
      method: "POST",
      headers: { ...cookieOf(true), "Content-Type": "application/json", Origin: baseUrl },
      body: JSON.stringify({ name: "page_view", path: "/web-main" }),
    });
    const turn = await counted(
      "/api/chat",
      {
        method: "POST",
        headers: { ...cookieOf(true), "Content-Type": "application/json", Origin: baseUrl },
        body: JSON.stringify({ requestId: randomUUID(), model: "gpt-4o-mini", message: "How many queries is this?", mode: "send" }),
      },
      streamedStatus,
    );
    if (turn.outcome !== "complete") throw new Error(`the chat turn ended "${turn.outcome}"`);
    const history = await counted("/api/threads", { headers: cookieOf(true) });
    // The person's profile photo (the sidebar's avatar): its key is in the viewer's profile in the account's object.
    await uploadProfilePhoto(baseUrl, cookie);
    const avatar = await counted(`/media/avatar/${USER_ID}`, { headers: cookieOf(true) }, async (response) => {
      const bytes = await response.arrayBuffer();
      if (response.headers.get("Content-Type") !== "image/png" || bytes.byteLength === 0) throw new Error("the profile photo was not served");
      return "served";
    });
    const search = await counted("/api/threads?q=bookmark", { headers: cookieOf(true) });
    const whatsapp = await countedWhatsAppMessage(baseUrl, graph, take);
    return { screens, pageView, turn, history, search, whatsapp, avatar };
  } finally {
    await server?.stop();
    await fake.stop();
    await graph.close();
  }
}

/** Settings › Account's photo upload (a D1 write on purpose, not measured): the avatar request then has a photo to serve. */
async function uploadProfilePhoto(baseUrl, cookie) {
  const form = new FormData();
  form.set("intent", "upload-photo");
  const png = readFileSync(join(ROOT, "tests", "fixtures", "photo-translate-sign.png"));
  form.set("photo", new File([png], "photo.png", { type: "image/png" }));
  const response = await fetch(`${baseUrl}/settings/account.data`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: baseUrl },
  });
  const body = await response.text();
  if (response.status !== 200 || !body.includes("photoUpdated")) throw new Error(`the photo upload answered ${response.status}: ${body.slice(0, 200)}`);
}

/**
 * A message from the linked number (a Pro account's), through the WhatsApp worker and the app's inbox queue to the
 * answer sent to the fake Graph API: the counts of everything that ran for it, the queue consumer's included. A first
 * message warms the number's path (its account's object, the queue) and is not counted.
 */
async function countedWhatsAppMessage(baseUrl, graph, take) {
  const replies = () => graph.requests().filter((request) => request.body?.type === "text").length;
  const send = async (text) => {
    const before = replies();
    const body = JSON.stringify(messageDelivery({ from: WHATSAPP_PHONE, id: `wamid.bench-d1.${randomUUID()}`, name: "Bench", text }));
    const signature = `sha256=${createHmac("sha256", WHATSAPP_SECRET).update(body).digest("hex")}`;
    const response = await fetch(`${baseUrl}/whatsapp/webhook`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the WhatsApp webhook answered ${response.status}`);
    const deadline = Date.now() + 30_000;
    while (replies() === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (replies() === before) throw new Error("the WhatsApp message got no reply");
    // The consumer's last statements (the delivery's status) follow the reply by a moment.
    await new Promise((resolve) => setTimeout(resolve, 500));
  };
  await send("Hello");
  await take();
  await send("How many queries is this?");
  return { status: 200, outcome: "replied", ...(await take()) };
}

/** "1 read (0 of the account's tables), 0 writes" */
export function d1Detail(counts) {
  const account =
    counts.accountReads + counts.accountWrites > 0
      ? `; account tables (moving to its object): ${counts.accountReads} reads, ${counts.accountWrites} writes`
      : "";
  return `${counts.reads} reads, ${counts.writes} writes${account}`;
}
