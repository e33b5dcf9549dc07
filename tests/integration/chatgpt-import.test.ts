// "Import from ChatGPT" (decision 0040-import-chatgpt): a ChatGPT export (its ZIP or conversations.json) becomes
// ordinary chats with their original titles and dates, written by the account's object in batches on its alarm,
// found by search, skipped when imported before, counted against the storage quota; bad files are a 4xx with nothing
// kept, and a visitor cannot import.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import { toFtsQuery } from "../../app/.server/chat/thread-operations";
import { UPLOAD_LIMITS } from "../../app/.server/write-limits";
import type { ChatImportView } from "../../app/lib/schemas/imports";
import enErrors from "../../locales/en/errors.json";
import trErrors from "../../locales/tr/errors.json";
import { writeZip } from "../fixtures/make-hostile-zips.mjs";
import { BASE_SECONDS, chatgptConversations, chatgptExportZip, conversationsJson } from "../fixtures/make-chatgpt-export.mjs";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, signedInClient } from "./auth-helpers";
import { errorOf, importFiles, latest, post, runImport, withAlarmsHeld } from "./import-helpers";
import { appEnv } from "./helpers";
import { Deflate } from "fflate";

const threads = (accountId: string) =>
  inAccountDb(accountId, (db) => db.select().from(accountSchema.chatThreads).orderBy(asc(accountSchema.chatThreads.createdAt)).all());
const messagesOf = (accountId: string, threadId: string) =>
  inAccountDb(accountId, (db) =>
    db
      .select()
      .from(accountSchema.chatMessages)
      .where(eq(accountSchema.chatMessages.threadId, threadId))
      .orderBy(asc(accountSchema.chatMessages.createdAt))
      .all(),
  );

/**
 * `[`, 10 MB of spaces and `]` deflated (about 10 KB) as conversations.json, declaring `size` bytes: whole, it would
 * parse as an empty list (not-chatgpt-export), so only an inflater that stops past the declared size answers corrupt.
 */
function bombZip(size = 1000): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => void chunks.push(chunk));
  deflate.push(new TextEncoder().encode("["));
  const block = new Uint8Array(1024 * 1024).fill(0x20);
  for (let index = 0; index < 10; index += 1) deflate.push(block);
  deflate.push(new TextEncoder().encode("]"), true);
  const data = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) data.set(chunk, (at += chunk.length) - chunk.length);
  return writeZip([{ name: "conversations.json", data, method: 8, size, crc: 0 }]);
}

describe("Import from ChatGPT", { timeout: 60_000 }, () => {
  it("turns the ZIP's conversations into chats with their titles, dates and the branch last seen", async () => {
    const { client, user } = await signedInClient();
    const started = await post(client, chatgptExportZip());
    expect(started.status).toBe(202);
    expect(((await started.json()) as { import: ChatImportView }).import).toMatchObject({ status: "running", done: 0, total: 3 });
    const progress = await runImport(client, user.id);
    expect(progress.at(-1)).toMatchObject({ status: "done", done: 3, total: 3, imported: 3, skipped: 0 });

    const rows = await threads(user.id);
    expect(rows.map((row) => row.title)).toEqual(["Trip to Kyoto", "Sourdough starter", "Tax questions"]);
    const kyoto = rows[0]!;
    expect(kyoto.createdAt).toBe(Math.round((BASE_SECONDS + 0.5) * 1000));
    expect(kyoto.updatedAt).toBe(Math.round((BASE_SECONDS + 900.25) * 1000));
    const kyotoMessages = await messagesOf(user.id, kyoto.id);
    // current_node's path: the regenerated answer and the edited question, not their first versions nor the system message.
    expect(kyotoMessages.map((message) => [message.role, message.content])).toEqual([
      ["user", "Plan three days in Kyoto for me."],
      ["assistant", "Day one: Fushimi Inari at dawn, then Gion."],
      ["user", "And if it rains on day two?"],
      ["assistant", "Visit the Kyoto National Museum and Nishiki Market."],
    ]);
    expect(kyotoMessages[0]!.createdAt).toBe(Math.round((BASE_SECONDS + 10.123) * 1000));
    // The tool call and its result are left out; the image is said, not lost.
    const sourdough = await messagesOf(user.id, rows[1]!.id);
    expect(sourdough.map((message) => message.content)).toEqual([
      "[image]\nIs my starter bubbly enough?",
      "Yes, the rye starter doubled: it is ready to bake.",
    ]);
    // A message without a time keeps its place after the one before.
    const tax = await messagesOf(user.id, rows[2]!.id);
    expect(tax[1]!.createdAt).toBeGreaterThanOrEqual(tax[0]!.createdAt);

    // Found by search like any chat, and the prepared file is gone.
    const found = await inAccount(appEnv, user.id, "chat.search", { query: toFtsQuery("Nishiki")!, limit: 10 });
    expect(found.threads.map((thread) => thread.title)).toEqual(["Trip to Kyoto"]);
    expect(await importFiles(user.id)).toEqual([]);
    // Their text counts against the storage quota, under its own kind.
    expect((await inAccount(appEnv, user.id, "storage.usage", {})).importedChats).toBeGreaterThan(100);
  });

  it("takes conversations.json itself, and skips what was imported before", async () => {
    const { client, user } = await signedInClient();
    expect((await post(client, conversationsJson(), "application/json")).status).toBe(202);
    await runImport(client, user.id);
    expect(await threads(user.id)).toHaveLength(3);

    // The ZIP of the same export plus one new conversation: only the new one is written.
    const more = JSON.stringify([...chatgptConversations(), chatgptConversations({ prefix: "new-" })[0]]);
    expect((await post(client, new TextEncoder().encode(more), "application/json")).status).toBe(202);
    const progress = await runImport(client, user.id);
    expect(progress.at(-1)).toMatchObject({ status: "done", total: 4, imported: 1, skipped: 3 });
    expect(await threads(user.id)).toHaveLength(4);
  });

  it("writes a large export in batches, each wake moving the progress on", async () => {
    const { client, user } = await signedInClient();
    const many = Array.from({ length: 40 }, (_, index) => chatgptConversations({ prefix: `p${index}-` })).flat();
    const progress = await withAlarmsHeld(async () => {
      expect((await post(client, new TextEncoder().encode(JSON.stringify(many)), "application/json")).status).toBe(202);
      return runImport(client, user.id);
    });
    expect(progress.map((view) => view.done)).toEqual([0, 50, 100, 120]);
    expect(progress.at(-1)).toMatchObject({ status: "done", total: 120, imported: 120 });
    expect(await threads(user.id)).toHaveLength(120);
  });

  it("refuses an export that does not fit the storage quota left, naming the quota, and keeps nothing", async () => {
    const { client, user } = await signedInClient();
    const quota = UPLOAD_LIMITS.storageQuotaBytes.free;
    await inAccountDb(user.id, (db) =>
      db
        .insert(accountSchema.uploads)
        .values({
          id: crypto.randomUUID(),
          ownerId: user.id,
          r2Key: `uploads/${user.id}/x.png`,
          contentType: "image/png",
          bytes: quota - 50,
          width: 1,
          height: 1,
        })
        .run(),
    );
    const refused = await post(client, chatgptExportZip(), "application/zip", "tr");
    expect(refused.status).toBe(413);
    expect(await errorOf(refused)).toMatchObject({ code: "import/quota-exceeded", message: trErrors["import/quota-exceeded"].replace("{{quota}}", "500 MB") });
    expect(await threads(user.id)).toEqual([]);
    expect(await importFiles(user.id)).toEqual([]);
    expect(await latest(client)).toBeNull();
  });

  it("stops at the quota when other files fill it while the import runs, saying so with the quota", async () => {
    const { client, user } = await signedInClient();
    const quota = UPLOAD_LIMITS.storageQuotaBytes.free;
    const progress = await withAlarmsHeld(async () => {
      expect((await post(client, chatgptExportZip())).status).toBe(202);
      // Before the object's first batch: the space left is filled by a photo.
      await inAccountDb(user.id, (db) =>
        db
          .insert(accountSchema.uploads)
          .values({
            id: crypto.randomUUID(),
            ownerId: user.id,
            r2Key: `uploads/${user.id}/y.png`,
            contentType: "image/png",
            bytes: quota - 10,
            width: 1,
            height: 1,
          })
          .run(),
      );
      return runImport(client, user.id);
    });
    expect(progress.at(-1)).toMatchObject({ status: "failed", errorCode: "import/quota-exceeded", quotaBytes: quota, imported: 0 });
    expect(await threads(user.id)).toEqual([]);
    expect(await importFiles(user.id)).toEqual([]);
  });

  it.each([
    ["malformed JSON", new TextEncoder().encode('[{"mapping": {'), "application/json", 400, "import/corrupt"],
    ["JSON that is not a ChatGPT export", new TextEncoder().encode('{"hello": "world"}'), "application/json", 400, "import/not-chatgpt-export"],
    [
      "a ZIP without conversations.json",
      writeZip([{ name: "notes.txt", data: new Uint8Array([104, 105]), method: 0, size: 2, crc: 0 }]),
      "application/zip",
      400,
      "import/not-chatgpt-export",
    ],
    ["a ZIP bomb", bombZip(), "application/zip", 400, "import/corrupt"],
    ["a ZIP whose conversations.json declares more than 512 MB", bombZip(513 * 1024 * 1024), "application/zip", 413, "import/json-too-large"],
    ["a PNG", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "image/png", 415, "import/invalid-type"],
    ["an empty body", new Uint8Array(0), "application/zip", 400, "upload/empty"],
  ])("refuses %s with a translated 4xx and keeps nothing", async (_name, body, type, status, code) => {
    const { client, user } = await signedInClient();
    const answer = await post(client, body, type);
    expect(answer.status).toBe(status);
    expect(await errorOf(answer)).toEqual({ code, message: enErrors[code as keyof typeof enErrors] });
    expect(await importFiles(user.id)).toEqual([]);
    expect(await latest(client)).toBeNull();
  });

  it("refuses a body declared over 100 MB before reading it", async () => {
    const { client } = await signedInClient();
    const answer = await client.fetch("/api/imports/chatgpt", {
      method: "POST",
      body: new Uint8Array(10),
      headers: { "Content-Type": "application/zip", "Content-Length": String(101 * 1024 * 1024) },
    });
    expect(answer.status).toBe(413);
    expect((await errorOf(answer)).code).toBe("import/too-large");
  });

  it("runs one import at a time and at most 3 a day", async () => {
    const { client, user } = await signedInClient();
    // Held, so the first import is still running when the second arrives (its alarm would otherwise finish it first).
    await withAlarmsHeld(async () => {
      expect((await post(client, chatgptExportZip())).status).toBe(202);
      const second = await post(client, chatgptExportZip());
      expect(second.status).toBe(409);
      expect((await errorOf(second)).code).toBe("import/in-progress");
      await runImport(client, user.id);
    });
    for (let index = 0; index < 2; index += 1) {
      expect((await post(client, chatgptExportZip())).status).toBe(202);
      await runImport(client, user.id);
    }
    const fourth = await post(client, chatgptExportZip());
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("is refused to a visitor", async () => {
    const visitor = new Client();
    const answer = await post(visitor, chatgptExportZip(), "application/zip", "tr");
    expect(answer.status).toBe(401);
    expect(await errorOf(answer)).toEqual({ code: "import/sign-in-required", message: trErrors["import/sign-in-required"] });
  });
});
