// Chat turns and threads as their owner and as a stranger see them, through the whole worker with the real openai
// SDK against the fake upstream: idempotent turns (one charge, one answer per request id), owner-only access,
// docs/product.md §5 titles (at most 50 characters) and search over answer text (FTS5 in the account's own object).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/common.json";
import tr from "../../locales/tr/common.json";
import { expectedAnswer, mirrorWords } from "../mocks/fake-openai-replies.mjs";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, credits, guest, guestIdOf, joinAnswer, messageRow, sendTurn, threadMessages, threadRow, turnResult, upstreamEnv } from "./chat-helpers";

const CHAT_ROUTE = "routes/_main.web-main.($threadId)";

function postChat(client: Client, body: Record<string, unknown>) {
  return client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ model: "gpt-4o-mini", mode: "send", ...body }),
  });
}

/** Rename / star / delete the way the history panel's fetchers post them (Remix single fetch: `<action>.data`). */
function threadAction(client: Client, threadId: string, fields: Record<string, string>) {
  return client.action(`/api/threads/${threadId}`, fields);
}

async function assistantMessages(accountId: string, threadId: string) {
  return (await threadMessages(accountId, threadId)).filter((message) => message.role === "assistant");
}

async function listThreads(client: Client, query = "") {
  const response = await client.fetch(`/api/threads${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { threads: { id: string; title: string; starred: boolean }[] }).threads;
}

describe("one request id, one answer", { timeout: 30_000 }, () => {
  it("charges a retried request once and joins the answer it already started", async () => {
    const client = guest("normal");
    const requestId = crypto.randomUUID();
    const question = "Retry me once";
    const first = await turnResult(await postChat(client, { requestId, message: question }));
    const second = await turnResult(await postChat(client, { requestId, message: question }));

    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.messageId).toBe(first.messageId);
    expect(second.threadId).toBe(first.threadId);
    expect(second.done).toMatchObject({ status: "complete", text: expectedAnswer("normal", question) });
    expect(await threadMessages(guestIdOf(client), first.threadId!)).toHaveLength(2);
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("charges a request posted twice at the same moment once, with one answer", async () => {
    const client = guest("normal");
    // The guest cookie comes with the first turn; the double post must come from one known browser.
    await sendTurn(client, { message: "Warm up" });
    const requestId = crypto.randomUUID();
    const question = "Double click";
    const [first, second] = await Promise.all([
      postChat(client, { requestId, message: question }).then(turnResult),
      postChat(client, { requestId, message: question }).then(turnResult),
    ]);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.messageId).toBe(first.messageId);
    // Both readers get the whole answer of the one generation.
    expect(first.done).toMatchObject({ status: "complete", text: expectedAnswer("normal", question) });
    expect(second.done).toMatchObject({ status: "complete", text: expectedAnswer("normal", question) });
    expect(second.streamed).toBe(expectedAnswer("normal", question));
    expect(second.threadId).toBe(first.threadId);
    expect(await assistantMessages(guestIdOf(client), first.threadId!)).toHaveLength(1);
    expect(await credits(client)).toMatchObject({ used: 2 });
  });
});

describe("another guest", { timeout: 30_000 }, () => {
  it("cannot read, join, continue, change or find the first guest's thread", async () => {
    const owner = guest("normal");
    const question = "Private matter of the owner";
    const turn = await sendTurn(owner, { message: question });
    expect(turn.done).toMatchObject({ status: "complete" });
    const threadId = turn.threadId!;
    const messageId = turn.messageId!;
    const answerWord = mirrorWords(question)[1]!;

    const stranger = guest("normal");
    await sendTurn(stranger, { message: "My own chat" });
    const strangerBefore = await credits(stranger);

    // Join the answer's stream.
    expect(await joinAnswer(stranger, messageId)).toMatchObject({ status: 404, error: { code: "chat/not-found" } });
    // Open the thread's page: a fresh chat that says the old one is missing, with none of its messages.
    const page = await stranger.loaderData(`/web-main/${threadId}`, CHAT_ROUTE);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ thread: null, messages: [], missingThread: true });
    const html = await (await stranger.fetch(`/web-main/${threadId}`)).text();
    expect(html).not.toContain(question);
    expect(html).not.toContain(answerWord);
    // Continue it (not charged).
    const continued = await turnResult(await postChat(stranger, { requestId: crypto.randomUUID(), threadId, message: "Let me in" }));
    expect(continued).toMatchObject({ status: 404, error: { code: "chat/not-found" } });
    expect(await credits(stranger)).toMatchObject({ used: strangerBefore.used });
    // Regenerate its answer.
    const regenerated = await turnResult(await postChat(stranger, { requestId: crypto.randomUUID(), threadId, mode: "regenerate" }));
    expect(regenerated).toMatchObject({ status: 404, error: { code: "chat/not-found" } });
    // Stop and rate its answer.
    expect((await stranger.fetch(`/api/chat/${messageId}/stop`, { method: "POST" })).status).toBe(404);
    expect((await stranger.fetch(`/api/chat/${messageId}/feedback`, { method: "POST", body: new URLSearchParams({ feedback: "dislike" }) })).status).toBe(404);
    // Rename, star, delete.
    const attempts: Record<string, string>[] = [{ intent: "rename", title: "Mine now" }, { intent: "star", starred: "true" }, { intent: "delete" }];
    for (const fields of attempts) {
      const result = await threadAction(stranger, threadId, fields);
      expect(result, fields.intent).toMatchObject({ status: 404, data: { ok: false, error: { code: "chat/not-found" } } });
      // The same post without single fetch (a plain form or fetch) gets the same status, never a 200 (item 11).
      const plain = await stranger.fetch(`/api/threads/${threadId}`, { method: "POST", body: new URLSearchParams(fields) });
      expect(plain.status, fields.intent).toBe(404);
      expect(await plain.json()).toMatchObject({ ok: false, error: { code: "chat/not-found", message: "This chat does not exist or was deleted." } });
    }
    // Find it.
    expect((await listThreads(stranger)).map((thread) => thread.id)).not.toContain(threadId);
    expect(await listThreads(stranger, `?q=${answerWord}`)).toEqual([]);

    // Nothing changed for the owner.
    expect(await threadRow(guestIdOf(owner), threadId)).toMatchObject({ title: question, starred: false });
    expect(await messageRow(guestIdOf(owner), messageId)).toMatchObject({ status: "complete", feedback: null, content: expectedAnswer("normal", question) });
    expect((await listThreads(owner, `?q=${answerWord}`)).map((thread) => thread.id)).toEqual([threadId]);
  });

  it("a visitor without any cookie cannot join an answer either", async () => {
    const owner = guest("normal");
    const turn = await sendTurn(owner, { message: "Nobody else" });
    const visitor = new Client(undefined, upstreamEnv("normal"));
    expect(await joinAnswer(visitor, turn.messageId!)).toMatchObject({ status: 404, error: { code: "chat/not-found" } });
  });
});

describe("titles, stars and search", { timeout: 30_000 }, () => {
  it("refuses a 51-character title with the product's message key and accepts 50", async () => {
    const client = guest("normal");
    const turn = await sendTurn(client, { message: "Title me" });
    const threadId = turn.threadId!;

    const tooLong = "x".repeat(51);
    const refused = await threadAction(client, threadId, { intent: "rename", title: tooLong });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, error: { code: "request/invalid", fieldErrors: { title: en.validation.titleTooLong } } } });
    expect(en.validation.titleTooLong).toBe("Title must be at most 50 characters long");
    const plainRefusal = await client.fetch(`/api/threads/${threadId}`, { method: "POST", body: new URLSearchParams({ intent: "rename", title: tooLong }) });
    expect(plainRefusal.status).toBe(400);
    const turkish = await client.fetch(`/api/threads/${threadId}?lng=tr`, { method: "POST", body: new URLSearchParams({ intent: "rename", title: tooLong }) });
    expect(((await turkish.json()) as { error: { fieldErrors: unknown } }).error.fieldErrors).toEqual({ title: tr.validation.titleTooLong });
    expect(tr.validation.titleTooLong).toBe("Başlık en fazla 50 karakter olmalıdır");
    expect((await threadRow(guestIdOf(client), threadId))!.title).toBe("Title me");

    const fifty = `Renamed ${"y".repeat(42)}`;
    expect(fifty).toHaveLength(50);
    const accepted = await threadAction(client, threadId, { intent: "rename", title: fifty });
    expect(accepted).toMatchObject({ status: 200, data: { ok: true } });
    expect((await threadRow(guestIdOf(client), threadId))!.title).toBe(fifty);
    // The new title is searchable at once (the FTS triggers follow renames).
    expect((await listThreads(client, "?q=Renamed")).map((thread) => thread.id)).toEqual([threadId]);
  });

  it("titles a new thread from its first message, cut to at most 50 characters", async () => {
    const client = guest("normal");
    const question = "Please explain in detail how a refrigerator keeps food cold at home";
    const turn = await sendTurn(client, { message: question });
    const title = (await threadRow(guestIdOf(client), turn.threadId!))!.title;
    expect(title.length).toBeLessThanOrEqual(50);
    expect(question.startsWith(title.replace(/…$/, ""))).toBe(true);
  });

  it("finds a thread by a word that only its answer contains, and lists it under Starred once starred", async () => {
    const client = guest("normal");
    const question = "Quokka habitat facts";
    const turn = await sendTurn(client, { message: question });
    const threadId = turn.threadId!;
    const answerWord = mirrorWords(question)[0]!; // "akkouQ": in the answer, not in the title or the question
    expect(question.toLowerCase()).not.toContain(answerWord.toLowerCase());
    expect((await messageRow(guestIdOf(client), turn.messageId!))!.content).toContain(answerWord);

    expect((await listThreads(client, `?q=${answerWord}`)).map((thread) => thread.id)).toEqual([threadId]);
    // Prefix search: part of the word is enough.
    expect((await listThreads(client, `?q=${answerWord.slice(0, 4)}`)).map((thread) => thread.id)).toEqual([threadId]);
    expect(await listThreads(client, "?q=nosuchwordanywhere")).toEqual([]);
    // The index keeps the words, not a second copy of the text (account migration 0004): its rows hold only their ids.
    const indexed = () =>
      inAccountDb(guestIdOf(client), (own) => own.all<{ body: string | null; thread_id: string }>(sql`SELECT body, thread_id FROM chat_search`));
    expect(await indexed()).toEqual([
      { body: null, thread_id: threadId },
      { body: null, thread_id: threadId },
      { body: null, thread_id: threadId },
    ]);
    // A renamed thread is found by its new title (the old title's row is replaced, not left behind).
    expect(await listThreads(client, "?q=Platypus")).toEqual([]);
    expect(await threadAction(client, threadId, { intent: "rename", title: "Platypus notes" })).toMatchObject({ status: 200, data: { ok: true } });
    expect((await listThreads(client, "?q=Platypus")).map((thread) => thread.id)).toEqual([threadId]);
    expect(await indexed()).toHaveLength(3);

    expect(await listThreads(client, "?starred=1")).toEqual([]);
    const starred = await threadAction(client, threadId, { intent: "star", starred: "true" });
    expect(starred).toMatchObject({ status: 200, data: { ok: true } });
    expect(await listThreads(client, "?starred=1")).toMatchObject([{ id: threadId, starred: true }]);

    // Deleting the thread removes it from search too.
    expect(await threadAction(client, threadId, { intent: "delete" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await listThreads(client, `?q=${answerWord}`)).toEqual([]);
    expect(await threadRow(guestIdOf(client), threadId)).toBeUndefined();
    expect(await indexed()).toEqual([]);
  });
});

describe("the history's pages", () => {
  it("page newest first with their cursor, every thread once, ties on the same millisecond included", async () => {
    const client = guest("normal");
    await sendTurn(client, { message: "Start the history" });
    const ownerId = guestIdOf(client);
    const base = Date.now() - 1_000_000;
    // 119 more threads, three to a millisecond, so pages break inside a tie.
    const seeded = Array.from({ length: 119 }, (_, index) => ({
      id: `paged-${String(index).padStart(3, "0")}`,
      ownerId,
      title: `Paged ${index}`,
      createdAt: base,
      updatedAt: base + Math.floor(index / 3),
    }));
    await inAccountDb(ownerId, (db) => {
      for (const row of seeded) db.insert(accountSchema.chatThreads).values(row).run();
    });

    const seen: string[] = [];
    let cursor: string | null = "";
    for (let page = 0; cursor !== null && page < 10; page++) {
      const response = await client.fetch(`/api/threads${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { threads: { id: string }[]; nextCursor: string | null };
      seen.push(...body.threads.map((thread) => thread.id));
      cursor = body.nextCursor;
    }
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen.slice(1, 4)).toEqual(["paged-118", "paged-117", "paged-116"]);

    // A cursor of the older "<time>:<id>" form (a page open since before) still reads; one that is not a cursor gives the first page.
    const older = await client.fetch(`/api/threads?cursor=${encodeURIComponent(`${base + 39}:paged-117`)}`);
    expect(((await older.json()) as { threads: { id: string }[] }).threads[0]?.id).toBe("paged-116");
    const junk = await client.fetch("/api/threads?cursor=not-a-cursor");
    expect(junk.status).toBe(200);
    expect(((await junk.json()) as { threads: { id: string }[] }).threads).toHaveLength(50);
  });
});
