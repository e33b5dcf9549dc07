// The WhatsApp channel end to end inside workerd (decision 0010): Meta's verification, signed deliveries
// (forged and missing signatures refused with nothing stored), one answer per wamid however often it arrives,
// linking by code, a Pro user's question answered by the web's chat turn through the fake OpenAI server and the
// fake Graph API and kept in the web thread, Free users told how to upgrade, long answers split, photo translate
// answered with an image, tasks mode, delivery statuses, malformed bodies, and Graph failures retried then recorded.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { accountSchema, inAccountDb } from "./account-helpers";
import { createUser } from "./auth-helpers";
import { accountMessages, accountThreads, threadMessages } from "./chat-helpers";
import { appEnv } from "./helpers";
import { jobsEnv, deliver, pngFile, uploadCount } from "./images-helpers";
import {
  addGraphMedia,
  deliverInbox,
  failGraph,
  graphScope,
  getWebhook,
  graphRequests,
  idOf,
  linkCodeFor,
  linkNumber,
  messagePayload,
  numberRows,
  postWebhook,
  sendAndAnswer,
  sentTo,
  signBody,
  statusPayload,
  textsTo,
  uniqueNumber,
  wamid,
  whatsappEnv,
} from "./whatsapp-helpers";

const db = appEnv.DB;
const messageRow = async (phone: string, id: string) => (await numberRows(phone, "SELECT * FROM messages WHERE id = ?", id))[0] ?? null;
const linkOf = (phone: string) => db.prepare("SELECT * FROM whatsapp_links WHERE phone = ?1").bind(phone).first<Record<string, unknown>>();
const upstream = (model: string) => ({
  OPENAI_API_KEY: "sk-fake-whatsapp",
  OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
  MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": model }),
});

// No reset of the fake Graph API between tests: other files use it at the same time. Each test reads only its own
// numbers' and message ids' requests, and its injected failures are scoped to it (failGraph).

describe("webhook verification and signatures", () => {
  it("echoes the challenge as text/plain only for the verify token", async () => {
    const { env } = whatsappEnv();
    const ok = await getWebhook(env, "hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toContain("text/plain");
    expect(await ok.text()).toBe("1158201444");
    expect((await getWebhook(env, "hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1")).status).toBe(403);
    expect((await getWebhook(env, "hub.mode=unsubscribe&hub.verify_token=test-verify-token&hub.challenge=1")).status).toBe(403);
    // Through the app's origin, as Meta calls it: the main worker forwards /whatsapp/* to the webhook worker.
    const forwarded = await SELF.fetch("https://app.example/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=42");
    expect([forwarded.status, await forwarded.text()]).toEqual([200, "42"]);
  });

  it("refuses forged and missing signatures with 401, storing and sending nothing", async () => {
    const { env, queued } = whatsappEnv();
    const from = uniqueNumber();
    const id = wamid();
    const payload = messagePayload({ from, id, text: "hello" });
    expect((await postWebhook(env, payload, { signature: null })).status).toBe(401);
    expect((await postWebhook(env, payload, { signature: await signBody(JSON.stringify(payload), "another-secret") })).status).toBe(401);
    expect((await postWebhook(env, payload, { signature: "sha256=zz" })).status).toBe(401);
    expect((await postWebhook(env, payload, { signature: `sha1=${"0".repeat(40)}` })).status).toBe(401);
    // The body changed after signing.
    const signed = await signBody(JSON.stringify(payload));
    expect((await postWebhook(env, payload, { signature: signed, raw: JSON.stringify(messagePayload({ from, id, text: "changed" })) })).status).toBe(401);
    const viaApp = await SELF.fetch("https://app.example/whatsapp/webhook", {
      method: "POST",
      body: JSON.stringify(payload),
      headers: { "X-Hub-Signature-256": `sha256=${"a".repeat(64)}` },
    });
    expect(viaApp.status).toBe(401);
    expect(await messageRow(from, id)).toBeNull();
    expect(queued).toEqual([]);
    expect(await sentTo(from)).toEqual([]);
  });

  it("answers 503 with a plain message when the secret or token is missing", async () => {
    const { env } = whatsappEnv({ WHATSAPP_APP_SECRET: "" });
    const response = await postWebhook(env, messagePayload({ from: uniqueNumber(), text: "hi" }));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("not configured");
    expect((await getWebhook(whatsappEnv({ WHATSAPP_VERIFY_TOKEN: "" }).env, "hub.mode=subscribe&hub.verify_token=x&hub.challenge=1")).status).toBe(503);
  });

  it("acknowledges malformed or foreign deliveries with 200 and stores nothing", async () => {
    const { env, queued } = whatsappEnv();
    const bodies = [
      "not json at all",
      "null",
      "[]",
      JSON.stringify({ object: "page", entry: [] }),
      JSON.stringify({ object: "whatsapp_business_account" }),
      JSON.stringify({ object: "whatsapp_business_account", entry: [{ changes: [{ field: "messages", value: { messages: [{ id: 5 }] } }] }] }),
      JSON.stringify({ object: "whatsapp_business_account", entry: [{ changes: [{ field: "account_update", value: {} }] }] }),
      JSON.stringify(messagePayload({ from: "not-a-number", text: "x" })),
    ];
    for (const raw of bodies) {
      const response = await postWebhook(env, null, { raw, signature: await signBody(raw) });
      expect(response.status, raw).toBe(200);
    }
    expect(queued).toEqual([]);
  });

  it("records each wamid once however often and however concurrently it is delivered, and answers it once", async () => {
    const { env, queued } = whatsappEnv();
    const from = uniqueNumber();
    const id = wamid();
    const payload = messagePayload({ from, id, text: "hello?" });
    const responses = await Promise.all([postWebhook(env, payload), postWebhook(env, payload), postWebhook(env, payload)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(queued.map(idOf)).toEqual([id, id, id]);
    // Three deliveries answered concurrently, then again later (the queue itself delivers at least once).
    await Promise.all([deliverInbox(env, [queued[0]!]), deliverInbox(env, [queued[1]!]), deliverInbox(env, [queued[2]!])]);
    await deliverInbox(env, queued, 2);
    expect(await textsTo(from)).toHaveLength(1);
    expect(await messageRow(from, id)).toMatchObject({ status: "done" });
    expect((await graphRequests()).filter((request) => request.body?.status === "read" && request.body?.message_id === id)).toHaveLength(1);
  });
});

describe("linking a number", () => {
  it("tells an unknown number how to link, with the app's address", async () => {
    const { env, queued } = whatsappEnv();
    const from = uniqueNumber();
    await sendAndAnswer(env, queued, { from, text: "Hi there" });
    const [reply, ...more] = await textsTo(from);
    expect(more).toEqual([]);
    expect(reply).toContain("https://app.example");
    expect(reply).toContain("not linked");
    // Read receipt with typing indicator, as the Cloud API allows.
    const read = (await graphRequests()).find((request) => request.body?.status === "read" && request.body?.message_id === idOf(queued[0]));
    expect(read?.body).toMatchObject({ messaging_product: "whatsapp", typing_indicator: { type: "text" } });
  });

  it("links the sender with a valid code, in the account's language; a used, wrong or expired code links nothing", async () => {
    const { env, queued } = whatsappEnv();
    const user = await createUser({ accessLevel: "pro", displayName: "Deniz" });
    await db.prepare("UPDATE users SET locale = 'tr' WHERE id = ?1").bind(user.id).run();
    const from = uniqueNumber("90");
    const code = await linkCodeFor(user.id);
    await sendAndAnswer(env, queued, { from, text: `Merhaba! Hesabımı bağla: ${code}` });
    expect(await linkOf(from)).toMatchObject({ user_id: user.id });
    expect((await textsTo(from))[0]).toContain("Tamam! Bu numara artık");

    const other = uniqueNumber();
    await sendAndAnswer(env, queued, { from: other, text: code });
    await sendAndAnswer(env, queued, { from: other, text: "LINK-ZZZZ-9999" });
    const expired = await linkCodeFor(user.id, { expiresAt: Date.now() - 1000 });
    await sendAndAnswer(env, queued, { from: other, text: expired });
    expect(await linkOf(other)).toBeNull();
    expect(await textsTo(other)).toEqual(Array(3).fill(expect.stringContaining("wrong or has expired")));
  });

  it("a second code for the same number moves it to the new account", async () => {
    const { env, queued } = whatsappEnv();
    const [first, second] = [await createUser({ accessLevel: "pro" }), await createUser({ accessLevel: "pro" })];
    const from = uniqueNumber();
    await sendAndAnswer(env, queued, { from, text: await linkCodeFor(first.id) });
    await sendAndAnswer(env, queued, { from, text: await linkCodeFor(second.id) });
    expect(await linkOf(from)).toMatchObject({ user_id: second.id });
    const count = await db.prepare("SELECT COUNT(*) AS n FROM whatsapp_links WHERE user_id IN (?1, ?2)").bind(first.id, second.id).first<{ n: number }>();
    expect(count?.n).toBe(1);
  });
});

describe("chat over WhatsApp", () => {
  async function linkedUser(accessLevel: "basic" | "pro" = "pro") {
    const user = await createUser({ accessLevel });
    const from = uniqueNumber();
    await linkNumber(user.id, from);
    return { user, from };
  }

  it("answers a Pro user's question through the provider and keeps it as one WhatsApp thread in the web history", async () => {
    const { env, queued } = whatsappEnv(upstream("normal?n=12&ms=1"));
    const { user, from } = await linkedUser();
    await sendAndAnswer(env, queued, { from, text: "What is a lighthouse keeper?" });
    const [answer] = await textsTo(from);
    expect(answer).toContain("Fake answer");
    const threads = await accountThreads(user.id);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({ channel: "whatsapp", tool: "web-main", title: "What is a lighthouse keeper?" });
    expect(await threadMessages(user.id, threads[0]!.id)).toMatchObject([
      { role: "user", content: "What is a lighthouse keeper?", status: "complete" },
      { role: "assistant", status: "complete", content: expect.stringContaining("Fake answer") },
    ]);
    // The next message continues the same thread; /new starts another.
    await sendAndAnswer(env, queued, { from, text: "And a second question" });
    await sendAndAnswer(env, queued, { from, text: "/new" });
    await sendAndAnswer(env, queued, { from, text: "A fresh start" });
    expect(await accountThreads(user.id)).toHaveLength(2);
    expect((await textsTo(from))[2]).toContain("New conversation");
    // Counted like the web: three chat turns.
    const credits = await SELF.fetch("https://app.example/api/credits");
    expect(credits.status).toBe(200);
  });

  it("splits a long answer into numbered parts of at most 4,096 characters", async () => {
    const { env, queued } = whatsappEnv(upstream("normal?n=1400&ms=0"));
    const { from } = await linkedUser();
    await sendAndAnswer(env, queued, { from, text: "Tell me everything" });
    const parts = await textsTo(from);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((part, index) => {
      expect(part.length).toBeLessThanOrEqual(4096);
      expect(part.startsWith(`(${index + 1}/${parts.length}) `)).toBe(true);
    });
  });

  it("tells a Free user (and a Pro whose subscription ended) how to upgrade, charging nothing", async () => {
    const { env, queued } = whatsappEnv(upstream("normal"));
    const { user, from } = await linkedUser("basic");
    await sendAndAnswer(env, queued, { from, text: "Hello?" });
    expect((await textsTo(from))[0]).toContain("https://app.example/payment");
    const ended = await linkedUser("pro");
    await db
      .prepare(
        "INSERT INTO subscriptions (id, user_id, status, price_id, billing_period, current_period_end, stripe_event_at) VALUES (?1, ?2, 'canceled', 'price_x', 'month', ?3, ?3)",
      )
      .bind(crypto.randomUUID(), ended.user.id, Date.now() - 86_400_000)
      .run();
    await sendAndAnswer(env, queued, { from: ended.from, text: "Hello?" });
    expect((await textsTo(ended.from))[0]).toContain("https://app.example/payment");
    for (const id of [user.id, ended.user.id]) {
      expect(await accountThreads(id)).toHaveLength(0);
    }
  });

  it("apologises when the provider fails and gives the credit back", async () => {
    const { env, queued } = whatsappEnv(upstream("gone"));
    const { user, from } = await linkedUser();
    await sendAndAnswer(env, queued, { from, text: "Are you there?" });
    expect((await textsTo(from))[0]).toContain("Sorry");
    const row = (await accountMessages(user.id)).find((message) => message.role === "assistant");
    expect(row?.status).toBe("failed");
  });

  it("in tasks mode answers free chat with the menu of tasks", async () => {
    const { env, queued } = whatsappEnv({ ...upstream("normal"), WHATSAPP_MODE: "tasks" });
    const { user, from } = await linkedUser();
    await sendAndAnswer(env, queued, { from, text: "Write me a poem" });
    expect((await textsTo(from))[0]).toContain("translate");
    expect(await accountThreads(user.id)).toHaveLength(0);
  });

  it('answers a photo captioned "translate" with the photo and its translation, made as a photo-translate job', async () => {
    const images = jobsEnv();
    const { env, queued } = whatsappEnv();
    const fullEnv = { ...env, IMAGE_JOBS: images.env.IMAGE_JOBS };
    const { user, from } = await linkedUser();
    const mediaId = await addGraphMedia(await pngFile(32, 24), "image/png");
    await sendAndAnswer(fullEnv, queued, { from, image: { id: mediaId, caption: "translate" } });
    expect(images.sent).toHaveLength(1);
    expect(images.sent[0]).toEqual({ jobId: expect.any(String), accountId: user.id });
    const { imageJobs } = accountSchema;
    const job = await inAccountDb(user.id, (account) => account.select().from(imageJobs).where(eq(imageJobs.id, images.sent[0]!.jobId)).get());
    expect(job).toMatchObject({ ownerId: user.id, tool: "photo-translate", status: "queued" });
    // The image queue makes it; the result goes back to the chat it came from, once.
    await deliver(fullEnv, [{ id: "j-1", body: images.sent[0] }]);
    await deliver(fullEnv, [{ id: "j-2", body: images.sent[0] }]);
    const sent = await sentTo(from);
    const imageMessages = sent.filter((request) => request.body?.type === "image");
    expect(imageMessages).toHaveLength(1);
    expect(imageMessages[0]!.body).toMatchObject({ image: { id: expect.any(String), caption: expect.stringContaining("Translated from") } });
    const uploads = (await graphRequests()).filter((request) => request.path.endsWith("/media") && request.method === "POST");
    expect(uploads.length).toBeGreaterThan(0);
  });

  it("answers a photo with a caption as chat with image input, and refuses what is not a JPEG or PNG", async () => {
    const { env, queued } = whatsappEnv(upstream("normal?n=6&ms=1"));
    const { user, from } = await linkedUser();
    const mediaId = await addGraphMedia(await pngFile(40, 30), "image/png");
    await sendAndAnswer(env, queued, { from, image: { id: mediaId, caption: "What is in this picture?" } });
    expect((await textsTo(from))[0]).toContain("Fake answer");
    const question = (await accountMessages(user.id)).find((message) => message.role === "user");
    expect(question).toMatchObject({ content: "What is in this picture?", attachmentId: expect.any(String) });
    // Fetched through the Graph media API in two steps, with the token, and stored like a web upload.
    const { uploads } = accountSchema;
    const upload = await inAccountDb(user.id, (account) =>
      account.select({ ownerId: uploads.ownerId, contentType: uploads.contentType }).from(uploads).where(eq(uploads.id, question!.attachmentId!)).get(),
    );
    expect(upload).toEqual({ ownerId: user.id, contentType: "image/png" });

    const fake = await addGraphMedia(new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    await sendAndAnswer(env, queued, { from, image: { id: fake, caption: "and this?" } });
    expect((await textsTo(from))[1]).toContain("couldn't read that photo");
    expect(await uploadCount(user.id)).toBe(1);
  });

  it("sends nothing free-form after Meta's 24-hour window; the answer stays in the web thread and the miss is recorded", async () => {
    const { env, queued } = whatsappEnv(upstream("normal?n=6&ms=1"));
    const { user, from } = await linkedUser();
    await sendAndAnswer(env, queued, { from, text: "An old question", timestamp: Date.now() - 25 * 60 * 60 * 1000 });
    expect(await textsTo(from)).toEqual([]);
    const answer = (await accountMessages(user.id)).find((message) => message.role === "assistant");
    expect(answer).toMatchObject({ status: "complete", content: expect.stringContaining("Fake answer") });
    const [failure] = await numberRows<{ kind: string; detail: string }>(from, "SELECT kind, detail FROM failures");
    expect(failure?.detail).toContain("24-hour");
  });

  it("records delivery statuses against the reply, never moving backwards", async () => {
    const { env, queued } = whatsappEnv();
    const from = uniqueNumber();
    await sendAndAnswer(env, queued, { from, text: "hello" });
    const [reply] = await numberRows<{ id: string; status: string; inbound_id: string }>(from, "SELECT * FROM replies");
    expect(reply).toMatchObject({ status: "sent", inbound_id: idOf(queued[0]) });
    await postWebhook(env, statusPayload([{ id: reply!.id, status: "read", recipient: from }]));
    await postWebhook(env, statusPayload([{ id: reply!.id, status: "delivered", recipient: from }]));
    expect(queued.slice(1)).toMatchObject([{ kind: "statuses" }, { kind: "statuses" }]);
    await deliverInbox(env, queued.slice(1));
    expect(await numberRows(from, "SELECT status FROM replies WHERE id = ?", reply!.id)).toEqual([{ status: "read" }]);
  });

  it("retries Graph API failures with backoff, then records the failure instead of losing it silently", async () => {
    const scope = graphScope();
    const { env, queued } = whatsappEnv({}, { graphScope: scope });
    const from = uniqueNumber();
    await failGraph(scope, 2, 503);
    await sendAndAnswer(env, queued, { from, text: "first" });
    // The read receipt took one failure, the reply the other: it went out on a retry.
    expect(await textsTo(from)).toHaveLength(1);

    const other = uniqueNumber();
    await failGraph(scope, 50, 500);
    await sendAndAnswer(env, queued, { from: other, text: "second" });
    const [failure] = await numberRows(other, "SELECT * FROM failures");
    expect(failure).toMatchObject({ kind: "text", error_code: "graph/500/131000" });
  });
});
