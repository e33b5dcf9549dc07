// What "Download my data" reads from the account's object in pages (decision 0018): chat messages, photo translations
// and memory notes can each add up to far more than RPC's 32 MiB, so every read answers at most PAGE_ROWS rows and about
// PAGE_BYTES of text, with a cursor to go on from. Rows are measured in SQL before they are read, by octet_length, which
// SQLite answers from the record's header without loading the text (a CAST to BLOB would load it, and each page of a long
// thread would re-read the rest of it), so the object never holds more than a page either. A single row larger
// than a page is sent alone (a message is far below RPC's limit).
import { and, asc, eq, gt, isNotNull, lt, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { readableMessage } from "../chat/export-operations";

const { chatMessages, imageJobs, memoryNotes, uploads } = accountSchema;

/** Rows one read answers at most. */
export const PAGE_ROWS = 500;
/** Bytes of text one read answers about at most (a few MB, far below RPC's 32 MiB). */
export const PAGE_BYTES = 2 * 1024 * 1024;
/** What a row carries besides its measured text (ids, dates, model), counted generously. */
const ROW_OVERHEAD = 256;

/** Where a read goes on from: after the row made at `at` with id `id`, in (created, id) order. */
export interface Cursor {
  at: number;
  id: string;
}

/** Where a chats read goes on from: in `threadId`, after `at`/`id`, or from its start when they are null. */
export interface ChatsCursor {
  threadId: string;
  at: number | null;
  id: string | null;
}

/** A table's (created, id) order. */
type Ordered = { createdAt: Column; id: Column };

function after(columns: Ordered, cursor: Cursor | null) {
  if (!cursor) return undefined;
  return or(gt(columns.createdAt, cursor.at), and(eq(columns.createdAt, cursor.at), gt(columns.id, cursor.id)));
}

function upTo(columns: Ordered, last: Cursor) {
  return or(lt(columns.createdAt, last.at), and(eq(columns.createdAt, last.at), lte(columns.id, last.id)));
}

/**
 * The rows of `sizes` (in order, fetched with one more than `rows` allows) that fit `rows` and `bytes`; at least one
 * when `atLeastOne`. `complete` says every row there was is taken.
 */
function fitting<Size extends { bytes: number }>(sizes: Size[], rows: number, bytes: number, atLeastOne: boolean) {
  const taken: Size[] = [];
  let used = 0;
  for (const size of sizes) {
    const cost = size.bytes + ROW_OVERHEAD;
    if (taken.length >= rows || (used + cost > bytes && !(atLeastOne && taken.length === 0))) break;
    taken.push(size);
    used += cost;
  }
  return { taken, used, complete: taken.length === sizes.length && sizes.length <= rows };
}

type ExportMessage = { role: "user" | "assistant"; content: string; model: string | null; createdAt: number };

/** Some threads' messages by thread id, and where the next read starts (null: done). */
export interface ChatsPage {
  messages: Record<string, ExportMessage[]>;
  next: ChatsCursor | null;
}

/** One thread's readable messages from `from` on, within the rows and bytes left; `complete` when the thread is done. */
function threadPage(db: AccountDb, threadId: string, from: Cursor | null, rows: number, bytes: number, atLeastOne: boolean) {
  const inThread = and(eq(chatMessages.threadId, threadId), readableMessage, after(chatMessages, from));
  const sizes = db
    .select({ id: chatMessages.id, createdAt: chatMessages.createdAt, bytes: sql<number>`octet_length(${chatMessages.content})` })
    .from(chatMessages)
    .where(inThread)
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(rows + 1)
    .all();
  const { taken, used, complete } = fitting(sizes, rows, bytes, atLeastOne);
  const last = taken.at(-1);
  const messages: ExportMessage[] = last
    ? db
        .select({ role: chatMessages.role, content: chatMessages.content, model: chatMessages.model, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(inThread, upTo(chatMessages, { at: last.createdAt, id: last.id })))
        .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
        .all()
    : [];
  const resume = last ? { at: last.createdAt, id: last.id } : from;
  return { messages, used, complete, resume };
}

/** Memory notes' and translations' rows, measured: their text columns' bytes. */
const bytesOf = (...columns: SQL[]) =>
  sql<number>`${sql.join(
    columns.map((column) => sql`COALESCE(octet_length(${column}), 0)`),
    sql` + `,
  )}`;

export const exportPageOperations = {
  /**
   * The messages of some threads as a thread export keeps them (chat/export.ts), in the order given, from `after` on:
   * many short threads fit one read, a long one takes as many as it needs. `next` is where the following read starts
   * (null: every thread is complete).
   */
  "dataExports.chats": ({ db }: AccountContext, input: { threadIds: string[]; after: ChatsCursor | null }): ChatsPage => {
    const messages: Record<string, ExportMessage[]> = {};
    let rows = PAGE_ROWS;
    let bytes = PAGE_BYTES;
    const first = input.after ? Math.max(0, input.threadIds.indexOf(input.after.threadId)) : 0;
    for (let index = first; index < input.threadIds.length; index += 1) {
      const threadId = input.threadIds[index]!;
      const from = index === first && input.after?.at != null && input.after.id != null ? { at: input.after.at, id: input.after.id } : null;
      const page = threadPage(db, threadId, from, rows, bytes, rows === PAGE_ROWS && bytes === PAGE_BYTES);
      if (page.messages.length > 0) messages[threadId] = page.messages;
      rows -= page.messages.length;
      bytes -= page.used;
      if (!page.complete) return { messages, next: { threadId, at: page.resume?.at ?? null, id: page.resume?.id ?? null } };
    }
    return { messages, next: null };
  },

  /** Finished photo translations (their results are kept on the job, images/consumer.ts), oldest first. */
  "dataExports.translations": ({ db }: AccountContext, input: { after: Cursor | null }) => {
    const done = and(eq(imageJobs.tool, "photo-translate"), isNotNull(imageJobs.resultText), after(imageJobs, input.after));
    const sizes = db
      .select({ id: imageJobs.id, createdAt: imageJobs.createdAt, bytes: bytesOf(sql`${imageJobs.resultText}`, sql`${imageJobs.params}`) })
      .from(imageJobs)
      .where(done)
      .orderBy(asc(imageJobs.createdAt), asc(imageJobs.id))
      .limit(PAGE_ROWS + 1)
      .all();
    const { taken, complete } = fitting(sizes, PAGE_ROWS, PAGE_BYTES, true);
    const last = taken.at(-1);
    if (!last) return { translations: [], next: null };
    const translations = db
      .select({
        id: imageJobs.id,
        model: imageJobs.model,
        params: imageJobs.params,
        resultText: imageJobs.resultText,
        sourceUploadId: imageJobs.sourceUploadId,
        createdAt: imageJobs.createdAt,
      })
      .from(imageJobs)
      .where(and(done, upTo(imageJobs, { at: last.createdAt, id: last.id })))
      .orderBy(asc(imageJobs.createdAt), asc(imageJobs.id))
      .all();
    return { translations, next: complete ? null : ({ at: last.createdAt, id: last.id } as Cursor) };
  },

  /** What memory did under each answer (memory/store.ts), oldest first, with the memories' texts only. */
  "dataExports.memoryNotes": ({ db }: AccountContext, input: { after: Cursor | null }) => {
    const ordered: Ordered = { createdAt: memoryNotes.createdAt, id: memoryNotes.messageId };
    const sizes = db
      .select({ id: memoryNotes.messageId, createdAt: memoryNotes.createdAt, bytes: bytesOf(sql`${memoryNotes.used}`, sql`${memoryNotes.updated}`) })
      .from(memoryNotes)
      .where(after(ordered, input.after))
      .orderBy(asc(memoryNotes.createdAt), asc(memoryNotes.messageId))
      .limit(PAGE_ROWS + 1)
      .all();
    const { taken, complete } = fitting(sizes, PAGE_ROWS, PAGE_BYTES, true);
    const last = taken.at(-1);
    if (!last) return { notes: [], next: null };
    const rows = db
      .select({
        threadId: memoryNotes.threadId,
        used: memoryNotes.used,
        updated: memoryNotes.updated,
        offer: memoryNotes.offer,
        createdAt: memoryNotes.createdAt,
        answeredAt: chatMessages.createdAt,
      })
      .from(memoryNotes)
      .leftJoin(chatMessages, eq(chatMessages.id, memoryNotes.messageId))
      .where(and(after(ordered, input.after), upTo(ordered, { at: last.createdAt, id: last.id })))
      .orderBy(asc(memoryNotes.createdAt), asc(memoryNotes.messageId))
      .all();
    const texts = (refs: string) => (JSON.parse(refs) as { text: string }[]).map((ref) => ref.text);
    const notes = rows.map((row) => ({
      threadId: row.threadId,
      answeredAt: row.answeredAt ?? row.createdAt,
      used: texts(row.used),
      updated: texts(row.updated),
      offer: row.offer,
    }));
    return { notes, next: complete ? null : ({ at: last.createdAt, id: last.id } as Cursor) };
  },
};

export type TranslationsPage = ReturnType<(typeof exportPageOperations)["dataExports.translations"]>;
export type MemoryNotesPage = ReturnType<(typeof exportPageOperations)["dataExports.memoryNotes"]>;

/** The account's uploaded photos, oldest first, each with what it was for: a chat's photo, a tool's source, the profile photo. */
export function everyUpload(db: AccountDb) {
  return db
    .select({
      id: uploads.id,
      r2Key: uploads.r2Key,
      contentType: uploads.contentType,
      bytes: uploads.bytes,
      width: uploads.width,
      height: uploads.height,
      createdAt: uploads.createdAt,
      // Written out: drizzle names a column of the outer table without its table here, which the subquery would take as its own.
      threadId: sql<string | null>`(SELECT thread_id FROM chat_messages WHERE attachment_id = "uploads"."id" LIMIT 1)`,
      tool: sql<string | null>`(SELECT tool FROM image_jobs WHERE source_upload_id = "uploads"."id" ORDER BY created_at LIMIT 1)`,
      inProject: sql<number>`EXISTS (SELECT 1 FROM project_images WHERE upload_id = "uploads"."id")`,
    })
    .from(uploads)
    .orderBy(asc(uploads.createdAt), asc(uploads.id))
    .all();
}
