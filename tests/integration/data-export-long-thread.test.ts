// A thread of any length is exported whole (decision 0018): its messages are read from the account's object in pages
// bounded by count and bytes and streamed into the archive, so no reply nears RPC's 32 MiB limit. Here one thread holds
// over 40 MB, between two short ones, and the export still finishes quickly with every message in order.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import type { ChatsCursor, ChatsPage } from "../../app/.server/exports/pages";
import { accountSchema, inAccountDb } from "./account-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { appEnv } from "./helpers";
import { deliver, signedIn } from "./images-helpers";

const MESSAGES = 42;
const MESSAGE_CHARS = 1024 * 1024;
/** What a page of messages may carry at most (a few MB; RPC refuses 32 MiB). */
const PAGE_LIMIT = 4 * 1024 * 1024;

/** A message of about 1 MB, different from every other (its number heads and tails it). */
function bigContent(index: number): string {
  const head = `message ${index} begins. `;
  const tail = ` message ${index} ends.`;
  const line = `Line ${index}: the tide comes in twice a day, and the Moon pulls the near and the far side. `;
  return head + line.repeat(Math.ceil(MESSAGE_CHARS / line.length)).slice(0, MESSAGE_CHARS) + tail;
}

/** A question of about 90 KB, an answer of about 50 KB, told apart by their thread. */
const sized = (side: "question" | "answer", index: number) =>
  `${side} of thread ${index}: ${"waves ".repeat(side === "question" ? 15_000 : 8_500)}end of ${side} ${index}`;

async function makeThread(ownerId: string, title: string, createdAt: number, contents: string[]) {
  const threadId = crypto.randomUUID();
  await inAccountDb(ownerId, (db) => db.insert(accountSchema.chatThreads).values({ id: threadId, ownerId, title, createdAt }).run());
  for (const [index, content] of contents.entries()) {
    await inAccountDb(ownerId, (db) =>
      db
        .insert(accountSchema.chatMessages)
        .values({
          id: crypto.randomUUID(),
          threadId,
          role: index % 2 === 0 ? "user" : "assistant",
          content,
          model: index % 2 === 0 ? null : "gpt-4o-mini",
          createdAt: createdAt + index * 1000,
        })
        .run(),
    );
  }
  return threadId;
}

describe("download my data with a very long thread", { timeout: 120_000 }, () => {
  it("exports a thread of over 40 MB whole, in pages of a few MB, quickly", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env);
    const before = await makeThread(user.id, "Before", Date.UTC(2026, 0, 1), ["first question", "first answer"]);
    const big = Array.from({ length: MESSAGES }, (_, index) => bigContent(index));
    const long = await makeThread(user.id, "The long one", Date.UTC(2026, 0, 2), big);
    const after = await makeThread(user.id, "After", Date.UTC(2026, 0, 3), ["last question", "last answer"]);
    expect(big.reduce((sum, content) => sum + content.length, 0)).toBeGreaterThan(40 * 1024 * 1024);

    const started = Date.now();
    expect((await startExport(client)).status).toBe(202);
    const result = await deliver(env, [{ id: "long-1", body: sent[0] }], "data-exports");
    expect(result.explicitAcks).toEqual(["long-1"]);
    // Well inside the app worker's 30 s CPU limit (wrangler.toml), which the consumer runs under: wall time bounds it.
    const seconds = (Date.now() - started) / 1000;
    expect(seconds).toBeLessThan(30);

    const ready = (await latestExport(client))!;
    expect(ready.status).toBe("ready");
    const zip = new Uint8Array(await (await client.get(ready.downloadUrl!)).arrayBuffer());
    const names: string[] = [];
    unzipSync(zip, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
    const chatNames = [...names].filter((name) => name.startsWith("chats/")).sort();
    expect(chatNames).toEqual([
      expect.stringMatching(/^chats\/2026-01-01-before-[0-9a-f]{8}\.json$/),
      expect.stringMatching(/^chats\/2026-01-01-before-[0-9a-f]{8}\.md$/),
      expect.stringMatching(/^chats\/2026-01-02-the-long-one-[0-9a-f]{8}\.json$/),
      expect.stringMatching(/^chats\/2026-01-02-the-long-one-[0-9a-f]{8}\.md$/),
      expect.stringMatching(/^chats\/2026-01-03-after-[0-9a-f]{8}\.json$/),
      expect.stringMatching(/^chats\/2026-01-03-after-[0-9a-f]{8}\.md$/),
    ]);
    const read1 = (name: string) => strFromU8(unzipSync(zip, { filter: (file) => file.name === name })[name]!);

    const json = JSON.parse(read1(chatNames[2]!)) as { title: string; messages: { role: string; content: string; model: string | null }[] };
    expect(json.title).toBe("The long one");
    expect(json.messages).toHaveLength(MESSAGES);
    json.messages.forEach((message, index) => {
      expect(message.role).toBe(index % 2 === 0 ? "user" : "assistant");
      expect(message.content === big[index]).toBe(true);
    });
    const markdown = read1(chatNames[3]!);
    expect(markdown.startsWith("# The long one\n\n")).toBe(true);
    let position = 0;
    for (let index = 0; index < MESSAGES; index += 1) {
      const at = markdown.indexOf(`message ${index} begins.`, position);
      expect(at).toBeGreaterThan(position);
      position = markdown.indexOf(`message ${index} ends.`, at);
      expect(position).toBeGreaterThan(at);
    }
    expect(markdown.endsWith(`message ${MESSAGES - 1} ends.\n`)).toBe(true);

    expect(JSON.parse(read1(chatNames[0]!)).messages.map((message: { content: string }) => message.content)).toEqual(["first question", "first answer"]);
    expect(JSON.parse(read1(chatNames[4]!)).messages.map((message: { content: string }) => message.content)).toEqual(["last question", "last answer"]);
    expect(read1(chatNames[5]!)).toContain("last answer");

    // Each read of the object carries a few MB at most, however long the thread.
    let cursor: ChatsCursor | null = null;
    let read = 0;
    do {
      const page: ChatsPage = await inAccount(appEnv, user.id, "dataExports.chats", { threadIds: [before, long, after], after: cursor });
      expect(JSON.stringify(page).length).toBeLessThan(PAGE_LIMIT);
      read += Object.values(page.messages).reduce((sum, messages) => sum + messages.length, 0);
      cursor = page.next;
    } while (cursor);
    expect(read).toBe(MESSAGES + 4);
  });

  it("exports many threads cut across pages and more memory notes than a page holds, each once and in order", async () => {
    const { env, sent } = exportsEnv();
    const { client, user } = await signedIn(env);
    // 60 threads of about 140 KB: a page of ~2 MB ends inside a group of threads, between two threads or inside one.
    const threads = 60;
    const threadIds: string[] = [];
    for (let index = 0; index < threads; index += 1) {
      threadIds.push(await makeThread(user.id, `Thread ${index}`, Date.UTC(2026, 1, 1) + index * 60_000, [sized("question", index), sized("answer", index)]));
    }
    const notes = 1_100;
    await inAccountDb(user.id, (db) =>
      db.transaction((tx) => {
        for (let index = 0; index < notes; index += 1)
          tx.insert(accountSchema.memoryNotes)
            .values({
              messageId: `note-${String(index).padStart(5, "0")}`,
              threadId: threadIds[index % threads]!,
              used: JSON.stringify([{ id: "m", text: `memory ${index}` }]),
              createdAt: Date.UTC(2026, 1, 2) + index,
            })
            .run();
      }),
    );

    expect((await startExport(client)).status).toBe(202);
    const result = await deliver(env, [{ id: "many-1", body: sent[0] }], "data-exports");
    expect(result.explicitAcks).toEqual(["many-1"]);
    const ready = (await latestExport(client))!;
    expect(ready.status).toBe("ready");
    const files = unzipSync(new Uint8Array(await (await client.get(ready.downloadUrl!)).arrayBuffer()));
    const chats = Object.keys(files)
      .filter((name) => name.startsWith("chats/") && name.endsWith(".json"))
      .map((name) => JSON.parse(strFromU8(files[name]!)) as { title: string; messages: { content: string }[] });
    expect(chats).toHaveLength(threads);
    for (const chat of chats) {
      const index = Number(chat.title.replace("Thread ", ""));
      expect(chat.messages).toHaveLength(2);
      expect(chat.messages[0]!.content === sized("question", index)).toBe(true);
      expect(chat.messages[1]!.content === sized("answer", index)).toBe(true);
    }
    expect(Object.keys(files).filter((name) => name.startsWith("chats/") && name.endsWith(".md"))).toHaveLength(threads);

    const exported = JSON.parse(strFromU8(files["memory-notes.json"]!)) as { chat: string; memoriesUsed: string[] }[];
    expect(exported.map((note) => note.memoriesUsed[0])).toEqual(Array.from({ length: notes }, (_, index) => `memory ${index}`));
    expect(exported.every((note) => note.chat?.startsWith("chats/"))).toBe(true);
  });
});
