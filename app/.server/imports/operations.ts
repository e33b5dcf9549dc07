// Imports inside the account's object (decision 0040-import-chatgpt, decision 0026): the one running import's row,
// the daily limit and the quota checked as it begins, and the alarm task that turns its prepared conversations
// (R2, imports folder) into chats a batch at a time, so it survives the object's eviction and holds no request.
import { desc, eq, gt } from "drizzle-orm";
import type { ChatImport } from "../../../db/account-schema";
import type { ChatImportView } from "../../lib/schemas/imports";
import { accountSchema, type AccountContext } from "../account/schema";
import { fitsStorageQuota } from "../account/usage";
import { conversationBytes, IMPORT_PART_SIZE, importPartKey, importPartKeys, type ImportedConversation } from "./chatgpt-format";

const { chatImports, importedConversations, chatThreads, chatMessages } = accountSchema;

/** The imports' task on the account object's alarm (account/alarms.ts). */
export const IMPORT_TASK = "imports.run";
/** Imports an account may start in any 24 hours (each may write thousands of chats). */
export const IMPORTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Conversations written per wake of the alarm (one prepared part): a few hundred rows, well inside a wake's time. */
export const IMPORT_BATCH = IMPORT_PART_SIZE;

/** An import prepared in parts has a key ending in "/" (its parts' prefix); one from before, a single file. */
const inParts = (r2Key: string) => r2Key.endsWith("/");

export type ImportBeginOutcome =
  | { ok: true; row: ChatImport }
  | { ok: false; code: "import/in-progress" }
  | { ok: false; code: "import/rate-limited"; waitMs: number }
  | { ok: false; code: "import/quota-exceeded"; quotaBytes: number };

export function toImportView(row: ChatImport): ChatImportView {
  const { id, status, done, total, imported, skipped, errorCode, quotaBytes } = row;
  return { id, status, done, total, imported, skipped, errorCode, quotaBytes: errorCode === "import/quota-exceeded" ? quotaBytes : null };
}

const sourceId = (conversation: ImportedConversation) => `chatgpt:${conversation.id}`;

function finish(account: AccountContext, row: ChatImport, change: Partial<ChatImport>, now: number) {
  account.db
    .update(chatImports)
    .set({ ...change, r2Key: null, updatedAt: now })
    .where(eq(chatImports.id, row.id))
    .run();
  if (!row.r2Key) return undefined;
  return account.env.MEDIA.delete(inParts(row.r2Key) ? importPartKeys(row.r2Key, row.total) : row.r2Key);
}

/** Writes one conversation as a chat with its own dates; false when the quota has no room for it. */
function importOne(account: AccountContext, conversation: ImportedConversation, quotaBytes: number | null): "imported" | "skipped" | "full" {
  const { db, accountId } = account;
  const key = sourceId(conversation);
  if (db.select({ key: importedConversations.sourceId }).from(importedConversations).where(eq(importedConversations.sourceId, key)).get()) return "skipped";
  const bytes = conversationBytes(conversation);
  if (!fitsStorageQuota(account, bytes, quotaBytes ?? undefined)) return "full";
  const threadId = crypto.randomUUID();
  db.transaction((tx) => {
    tx.insert(chatThreads)
      .values({ id: threadId, ownerId: accountId, title: conversation.title, createdAt: conversation.createdAt, updatedAt: conversation.updatedAt })
      .run();
    for (const message of conversation.messages) {
      tx.insert(chatMessages)
        .values({ id: crypto.randomUUID(), threadId, role: message.role, content: message.content, createdAt: message.createdAt, updatedAt: message.createdAt })
        .run();
    }
    tx.insert(importedConversations).values({ sourceId: key, threadId, bytes }).run();
  });
  return "imported";
}

/** The alarm's task: the next batch of the running import; asks to run again at once while conversations remain. */
export async function runImports(account: AccountContext, now: number): Promise<number | null> {
  const row = account.db.select().from(chatImports).where(eq(chatImports.status, "running")).get();
  if (!row) return null;
  let { done, imported, skipped } = row;
  // A wake reads only the part holding the next batch (a file from before parts holds them all).
  const parted = row.r2Key !== null && inParts(row.r2Key);
  const object = row.r2Key ? await account.env.MEDIA.get(parted ? importPartKey(row.r2Key, Math.floor(done / IMPORT_PART_SIZE)) : row.r2Key) : null;
  if (!object) {
    await finish(account, row, { status: "failed", errorCode: "import/failed" }, now);
    return null;
  }
  const stored = (await object.json()) as ImportedConversation[];
  const from = parted ? done % IMPORT_PART_SIZE : done;
  if (from >= stored.length) {
    // A part shorter than it was written: nothing more can be read, and waking again would read it again.
    await finish(account, row, { status: "failed", errorCode: "import/failed" }, now);
    return null;
  }
  for (const conversation of stored.slice(from, from + IMPORT_BATCH)) {
    const outcome = importOne(account, conversation, row.quotaBytes);
    if (outcome === "full") {
      await finish(account, row, { status: "failed", errorCode: "import/quota-exceeded", done, imported, skipped }, now);
      return null;
    }
    done += 1;
    if (outcome === "imported") imported += 1;
    else skipped += 1;
  }
  if (done >= row.total) {
    await finish(account, row, { status: "done", done, imported, skipped }, now);
    return null;
  }
  account.db.update(chatImports).set({ done, imported, skipped, updatedAt: now }).where(eq(chatImports.id, row.id)).run();
  return now;
}

export const importOperations = {
  "imports.latest": ({ db }: AccountContext): ChatImportView | null => {
    const row = db.select().from(chatImports).orderBy(desc(chatImports.createdAt), desc(chatImports.id)).limit(1).get();
    return row ? toImportView(row) : null;
  },

  /**
   * Begins an import whose conversations are prepared at `r2Key`: one at a time, IMPORTS_PER_DAY in 24 hours, and
   * refused when the conversations not imported before do not fit the storage quota left. Checked and stored in one
   * step (the object runs one operation at a time); the alarm takes it from there.
   */
  "imports.begin": async (
    account: AccountContext,
    input: { id: string; r2Key: string; conversations: { id: string; bytes: number }[]; quotaBytes: number | null; now: number },
  ): Promise<ImportBeginOutcome> => {
    const { db } = account;
    const { now } = input;
    const recent = db
      .select()
      .from(chatImports)
      .where(gt(chatImports.createdAt, now - DAY_MS))
      .orderBy(chatImports.createdAt)
      .all();
    if (db.select({ id: chatImports.id }).from(chatImports).where(eq(chatImports.status, "running")).get()) return { ok: false, code: "import/in-progress" };
    if (recent.length >= IMPORTS_PER_DAY)
      return { ok: false, code: "import/rate-limited", waitMs: recent[recent.length - IMPORTS_PER_DAY]!.createdAt + DAY_MS - now };
    const known = new Set(
      db
        .select({ key: importedConversations.sourceId })
        .from(importedConversations)
        .all()
        .map((row) => row.key),
    );
    const newBytes = input.conversations.filter((item) => !known.has(`chatgpt:${item.id}`)).reduce((sum, item) => sum + item.bytes, 0);
    if (input.quotaBytes !== null && !fitsStorageQuota(account, newBytes, input.quotaBytes))
      return { ok: false, code: "import/quota-exceeded", quotaBytes: input.quotaBytes };
    const row = db
      .insert(chatImports)
      .values({
        id: input.id,
        source: "chatgpt",
        r2Key: input.r2Key,
        total: input.conversations.length,
        quotaBytes: input.quotaBytes,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    await account.alarms.schedule(IMPORT_TASK, now);
    return { ok: true, row };
  },
};
