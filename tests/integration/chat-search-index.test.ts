// The chat search index is keyed by its rows' own rowids (db/account-migrations/0008_chat_search_by_rowid.sql): a
// message's index row has the message's rowid, a thread title's the thread's rowid negated, so a rename, a finished
// answer, an edit or a delete touches one index row by key instead of scanning the index for an UNINDEXED id. A search
// shows the newest of the matching chats, however many match and in whatever order they were written.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import { toFtsQuery } from "../../app/.server/chat/thread-operations";
import { accountSchema, inAccountDb } from "./account-helpers";
import { storeThread } from "./chat-helpers";
import { appEnv } from "./helpers";

type IndexRow = { rowid: number; thread_id: string; message_id: string | null };
const indexRows = (accountId: string) =>
  inAccountDb(accountId, (db) => db.all<IndexRow>(sql`SELECT rowid, thread_id, message_id FROM chat_search ORDER BY rowid`));
const rowids = (accountId: string, table: "chat_threads" | "chat_messages") =>
  inAccountDb(accountId, (db) => db.all<{ rowid: number; id: string }>(sql`SELECT rowid, id FROM ${sql.identifier(table)}`));
const matches = (accountId: string, words: string) =>
  inAccountDb(accountId, (db) => db.all<{ thread_id: string }>(sql`SELECT DISTINCT thread_id FROM chat_search WHERE chat_search MATCH ${words}`));

describe("the chat search index follows its rows by rowid", () => {
  it("titles and final messages are indexed under their rowids; streaming text is not indexed until it is final", async () => {
    const accountId = `u_${crypto.randomUUID()}`;
    const { chatMessages, chatThreads } = accountSchema;
    await storeThread(accountId, { id: "t1", title: "Tide tables" }, [
      { id: "m1", role: "user", content: "When is the low tide?" },
      { id: "m2", role: "assistant", content: "", status: "streaming" },
    ]);
    const [thread] = await rowids(accountId, "chat_threads");
    const messages = new Map((await rowids(accountId, "chat_messages")).map((row) => [row.id, row.rowid]));
    expect(await indexRows(accountId)).toEqual([
      { rowid: -thread!.rowid, thread_id: "t1", message_id: null },
      { rowid: messages.get("m1"), thread_id: "t1", message_id: "m1" },
    ]);

    await inAccountDb(accountId, (db) => {
      db.update(chatMessages).set({ content: "Low tide is at 14:05.", status: "complete" }).where(eq(chatMessages.id, "m2")).run();
      db.update(chatThreads).set({ title: "Harbour times" }).where(eq(chatThreads.id, "t1")).run();
    });
    expect((await indexRows(accountId)).map((row) => row.rowid)).toEqual([-thread!.rowid, messages.get("m1"), messages.get("m2")]);
    expect(await matches(accountId, "harbour")).toEqual([{ thread_id: "t1" }]);
    expect(await matches(accountId, "tables")).toEqual([]);
    expect(await matches(accountId, "14")).toEqual([{ thread_id: "t1" }]);

    // An edit replaces the message's one row; deleting the thread takes its title and (by cascade) its messages.
    await inAccountDb(accountId, (db) => db.update(chatMessages).set({ content: "When is high water?" }).where(eq(chatMessages.id, "m1")).run());
    expect(await matches(accountId, "low")).toEqual([{ thread_id: "t1" }]);
    expect(await matches(accountId, "water")).toEqual([{ thread_id: "t1" }]);
    expect(await indexRows(accountId)).toHaveLength(3);
    await inAccountDb(accountId, (db) => db.delete(chatThreads).where(eq(chatThreads.id, "t1")).run());
    expect(await indexRows(accountId)).toEqual([]);
  });

  it("a search shows the newest of every matching chat, whatever order they were written in", async () => {
    const accountId = `u_${crypto.randomUUID()}`;
    const { chatMessages, chatThreads } = accountSchema;
    const chats = 600;
    const minute = 60_000;
    const start = Date.now() - (chats + 1) * minute;
    await inAccountDb(accountId, (db) => {
      // Written out of date order, as an import writes old chats after new ones: the order of the rows is no guide.
      for (let written = 0; written < chats; written++) {
        const index = (written * 7919) % chats;
        const at = start + index * minute;
        db.insert(chatThreads)
          .values({ id: `t${index}`, ownerId: accountId, title: `Receipt ${index}`, createdAt: at, updatedAt: at })
          .run();
        db.insert(chatMessages)
          .values({ id: `m${index}`, threadId: `t${index}`, role: "user", content: `Where is invoice ${index}?`, createdAt: at, updatedAt: at })
          .run();
      }
      // The oldest chat, taken up again just now: the newest match of all.
      const now = start + chats * minute;
      db.insert(chatMessages).values({ id: "m-again", threadId: "t0", role: "user", content: "One more invoice", createdAt: now, updatedAt: now }).run();
      db.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, "t0")).run();
    });
    const page = (words: string, cursor?: string) => inAccount(appEnv, accountId, "chat.search", { query: toFtsQuery(words)!, limit: 50, cursor });
    const search = async (words: string) => (await page(words)).threads.map((thread) => thread.id);
    const newestFirst = ["t0", ...Array.from({ length: 49 }, (_, index) => `t${chats - 1 - index}`)];

    // Found by their messages and by their titles, 600 of them, newest first both ways.
    expect(await search("invoice")).toEqual(newestFirst);
    expect(await search("receipt")).toEqual(newestFirst);
    expect(await search("invoice 599")).toEqual(["t599"]);

    // Paged like the history: the next page goes on from the last chat shown, and the last page says there is no more.
    const first = await page("invoice");
    const second = await page("invoice", first.nextCursor!);
    expect(second.threads.map((thread) => thread.id)).toEqual(Array.from({ length: 50 }, (_, index) => `t${chats - 50 - index}`));
    let cursor = second.nextCursor;
    const seen = new Set([...first.threads, ...second.threads].map((thread) => thread.id));
    while (cursor) {
      const next = await page("invoice", cursor);
      for (const thread of next.threads) seen.add(thread.id);
      cursor = next.nextCursor;
    }
    expect(seen.size).toBe(chats);
  });
});
