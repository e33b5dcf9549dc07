// "Import from ChatGPT" with a conversations.json over 32 MB (decision 0040-import-chatgpt): the file is read a
// conversation at a time (imports/json-array-stream.ts) and prepared in parts of 50 in R2, so a big export imports
// in batches; one conversation over its own cap, or more than 5,000 conversations, is refused with nothing kept.
// The files are generated here, never committed.
import { asc, eq } from "drizzle-orm";
import { Deflate, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import enErrors from "../../locales/en/errors.json";
import { writeZip } from "../fixtures/make-hostile-zips.mjs";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient } from "./auth-helpers";
import { errorOf, importFiles, latest, post, runImport, withAlarmsHeld } from "./import-helpers";

const MB = 1024 * 1024;
const encoder = new TextEncoder();

/** A conversation of one question and one answer of `answerChars` characters, in ChatGPT's shape. */
function conversation(index: number, answerChars: number) {
  const seconds = 1709632800 + index * 60;
  const text = (role: string, parts: string[], at: number) => ({
    id: `${role}-${index}`,
    author: { role },
    create_time: at,
    content: { content_type: "text", parts },
    metadata: {},
    recipient: "all",
  });
  const line = `Answer ${index}: the bookshelf needs ${index} screws and a level. `;
  const answer = line.repeat(Math.ceil(answerChars / line.length)).slice(0, answerChars);
  return {
    id: `big-${index}`,
    conversation_id: `big-${index}`,
    title: `Shelf ${index}`,
    create_time: seconds,
    update_time: seconds + 30,
    current_node: "a",
    mapping: {
      r: { id: "r", parent: null, children: ["u"], message: null },
      u: { id: "u", parent: "r", children: ["a"], message: text("user", [`How many screws for shelf ${index}?`], seconds + 1) },
      a: { id: "a", parent: "u", children: [], message: text("assistant", [answer], seconds + 2) },
    },
  };
}

/** conversations.json of `count` conversations with answers of `answerChars`, written element by element. */
function bigJson(count: number, answerChars: number): Uint8Array<ArrayBuffer> {
  const parts = Array.from({ length: count }, (_, index) => JSON.stringify(conversation(index, answerChars)));
  return encoder.encode(`[\n${parts.join(",\n")}\n]`);
}

function deflated(pieces: Uint8Array[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const deflate = new Deflate({ level: 6 }, (chunk) => void chunks.push(chunk));
  pieces.forEach((piece, index) => deflate.push(piece, index === pieces.length - 1));
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const threadsOf = (accountId: string) =>
  inAccountDb(accountId, (db) => db.select().from(accountSchema.chatThreads).orderBy(asc(accountSchema.chatThreads.createdAt)).all());
const answerOf = (accountId: string, threadId: string) =>
  inAccountDb(
    accountId,
    (db) =>
      db
        .select()
        .from(accountSchema.chatMessages)
        .where(eq(accountSchema.chatMessages.threadId, threadId))
        .orderBy(asc(accountSchema.chatMessages.createdAt))
        .all()[1]?.content,
  );

describe("Import from ChatGPT: conversations.json over 32 MB", { timeout: 180_000 }, () => {
  it("imports a 34 MB conversations.json a batch of 50 at a time, every conversation whole", async () => {
    const { client, user } = await signedInClient();
    const json = bigJson(700, 48 * 1024);
    expect(json.byteLength).toBeGreaterThan(33 * MB);
    const progress = await withAlarmsHeld(async () => {
      const started = await post(client, json, "application/json");
      expect(started.status).toBe(202);
      // Prepared in parts of 50 while it was read: 14 files, no whole copy.
      expect((await importFiles(user.id)).filter((key) => key.endsWith(".json"))).toHaveLength(14);
      return runImport(client, user.id);
    });
    expect(progress.slice(0, 4).map((view) => view.done)).toEqual([0, 50, 100, 150]);
    expect(progress.at(-1)).toMatchObject({ status: "done", total: 700, imported: 700, skipped: 0 });
    const rows = await threadsOf(user.id);
    expect(rows).toHaveLength(700);
    expect(rows[699]!.title).toBe("Shelf 699");
    const answer = await answerOf(user.id, rows[699]!.id);
    expect(answer).toHaveLength(48 * 1024);
    expect(answer!.startsWith("Answer 699: the bookshelf needs 699 screws")).toBe(true);
    expect(await importFiles(user.id)).toEqual([]);
  });

  it("takes a ZIP whose conversations.json inflates past 32 MB, conversations larger than a chunk included", async () => {
    const { client, user } = await signedInClient();
    const json = bigJson(100, 340 * 1024);
    expect(json.byteLength).toBeGreaterThan(33 * MB);
    const zip = zipSync({ "export/conversations.json": json, "export/chat.html": encoder.encode("<html></html>") }, { level: 1 });
    expect(zip.byteLength).toBeLessThan(10 * MB);
    expect((await post(client, new Uint8Array(zip))).status).toBe(202);
    expect((await runImport(client, user.id)).at(-1)).toMatchObject({ status: "done", total: 100, imported: 100 });
    const rows = await threadsOf(user.id);
    expect(rows.map((row) => row.title).slice(0, 2)).toEqual(["Shelf 0", "Shelf 1"]);
    expect(await answerOf(user.id, rows[42]!.id)).toHaveLength(340 * 1024);
  });

  it("refuses one conversation over 16 MB with 413 naming the limits, deleting the parts already prepared", async () => {
    const { client, user } = await signedInClient();
    const before = bigJson(60, 100).subarray(0, -2); // 60 small conversations, the array left open
    const huge = encoder.encode(`,{"id":"huge","mapping":{},"title":"${"a".repeat(17 * MB)}"}]`);
    const data = deflated([before, huge]);
    const zip = writeZip([{ name: "conversations.json", data, method: 8, size: before.length + huge.length, crc: 0 }]);
    const answer = await post(client, zip);
    expect(answer.status).toBe(413);
    expect(await errorOf(answer)).toEqual({ code: "import/json-too-large", message: enErrors["import/json-too-large"] });
    expect(enErrors["import/json-too-large"]).toContain("16 MB");
    expect(await importFiles(user.id)).toEqual([]);
    expect(await latest(client)).toBeNull();
    expect(await threadsOf(user.id)).toEqual([]);
  });

  it("refuses more than 5,000 conversations as soon as the 5,001st is read", async () => {
    const { client, user } = await signedInClient();
    const answer = await post(client, bigJson(5_001, 10), "application/json");
    expect(answer.status).toBe(413);
    expect((await errorOf(answer)).code).toBe("import/too-many-conversations");
    expect(await importFiles(user.id)).toEqual([]);
  });
});
