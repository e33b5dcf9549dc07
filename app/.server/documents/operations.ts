// The account's documents inside its own object (decision 0026, 0031): the row the upload records, the reader's
// progress and pages, the views the screens and routes show, and deletion. Run by account/client.ts `inAccount`.
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Document as DocumentRow } from "../../../db/account-schema";
import type { DocumentView } from "../../lib/documents";
import { afterCursor, pageOf } from "../account/newest-first";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { keptDocument, temporaryDeadline } from "../chat/temporary-attachments";
import { scheduleUploadCleanup } from "../images/cleanup";
import { fitsStorageQuota } from "../account/usage";
import { countedTextBytes, pagesTextBytes } from "./usage";

const { documents, documentPages, chatThreads, chatMessages } = accountSchema;

type NewDocument = Omit<typeof documents.$inferInsert, "ownerId">;
export interface PageText {
  number: number;
  heading: string | null;
  text: string;
}

/** Files on one page of the gallery's Files tab ("Show more" loads the next). */
export const FILES_PAGE_SIZE = 50;
/** Pages in one insert: four bound values each, under the 100 a Durable Object SQLite statement takes. */
const PAGES_PER_INSERT = 20;

export function documentView(row: DocumentRow): DocumentView {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    bytes: row.bytes,
    pages: row.pages,
    state: row.state,
    progress: row.state === "ready" ? 100 : row.progress,
    failure: row.failure,
    threadId: row.threadId,
    createdAt: row.createdAt,
  };
}

/** "Download my data": every document kept (not a temporary chat's, decision 0027), oldest first, with its file's key. */
export const everyDocument = (db: AccountDb) =>
  db
    .select()
    .from(documents)
    .where(keptDocument())
    .orderBy(documents.createdAt, documents.id)
    .all()
    .map((row) => ({ ...documentView(row), r2Key: row.r2Key }));

/** A document's text, page by page: what the export writes and what a turn sends of a short document whole. */
export const documentText = (db: AccountDb, id: string): PageText[] =>
  db
    .select({ number: documentPages.number, heading: documentPages.heading, text: documentPages.text })
    .from(documentPages)
    .where(eq(documentPages.documentId, id))
    .orderBy(documentPages.number)
    .all();

const find = (db: AccountContext["db"], id: string) => db.select().from(documents).where(eq(documents.id, id)).get();

export const documentOperations = {
  /**
   * Records a stored document and wakes the clean-up for it 24 hours later (unattached ones go then; a temporary chat's
   * in an hour, decision 0027); null (nothing recorded) when `quotaBytes` is given and the document no longer fits it.
   */
  "documents.record": async (
    account: AccountContext,
    { quotaBytes, temporary, ...document }: NewDocument & { quotaBytes?: number; temporary?: boolean },
  ): Promise<DocumentView | null> => {
    const temporaryUntil = await temporaryDeadline(account, temporary);
    // Checked and written with no await between: parallel uploads are decided one after another (decision 0013).
    if (!fitsStorageQuota(account, document.bytes, quotaBytes)) return null;
    const row = account.db
      .insert(documents)
      .values({ ...document, ownerId: account.accountId, temporaryUntil })
      .returning()
      .get();
    await scheduleUploadCleanup(account.alarms, row.createdAt);
    return documentView(row);
  },
  /** One of the account's documents (another account's id is simply not here). */
  "documents.find": ({ db }: AccountContext, { id }: { id: string }): DocumentRow | null => find(db, id) ?? null,
  /** A document and one page of its text, or null when either is not there. */
  "documents.page": ({ db }: AccountContext, { id, number }: { id: string; number: number }) => {
    const row = find(db, id);
    if (!row) return null;
    const page = db
      .select({ number: documentPages.number, heading: documentPages.heading, text: documentPages.text })
      .from(documentPages)
      .where(and(eq(documentPages.documentId, id), eq(documentPages.number, number)))
      .get();
    return page ? { document: documentView(row), page } : null;
  },
  /** Deletes a document (its pages and search rows go with it); answers its R2 key, or null when there was none. */
  "documents.delete": ({ db }: AccountContext, { id }: { id: string }): string | null =>
    db.delete(documents).where(eq(documents.id, id)).returning({ r2Key: documents.r2Key }).get()?.r2Key ?? null,
  /** A page of the gallery's Files tab: newest first, with the title of the thread each belongs to; a temporary chat's are not listed. */
  "documents.files": ({ db }: AccountContext, { cursor }: { cursor?: string | null }) => {
    const after = afterCursor({ time: documents.createdAt, id: documents.id }, cursor);
    const rows = db
      .select({ document: documents, threadTitle: chatThreads.title })
      .from(documents)
      .leftJoin(chatThreads, eq(chatThreads.id, documents.threadId))
      .where(and(after.where, keptDocument()))
      .orderBy(...after.orderBy)
      .limit(FILES_PAGE_SIZE + 1)
      .all()
      .map(({ document, threadTitle }) => ({ ...documentView(document), threadTitle: threadTitle ?? null }));
    const { page, nextCursor } = pageOf(rows, FILES_PAGE_SIZE, (row) => row.createdAt);
    return { files: page, nextCursor };
  },
  /** A document's text, page by page ("Download my data" reads it one document at a time). */
  "documents.text": ({ db }: AccountContext, { id }: { id: string }): PageText[] => documentText(db, id),
  /**
   * The reader starts (or starts again): a document still "reading" is handed out with its pages so far forgotten; a
   * ready, failed or deleted one is null, so a redelivered message leaves it as it is.
   */
  "documents.beginRead": ({ db }: AccountContext, { id }: { id: string }): DocumentRow | null =>
    db.transaction((tx) => {
      const row = tx.select().from(documents).where(eq(documents.id, id)).get();
      if (!row || row.state !== "reading") return null;
      tx.delete(documentPages).where(eq(documentPages.documentId, id)).run();
      return tx
        .update(documents)
        .set({ attempts: sql`${documents.attempts} + 1`, progress: 0, textBytes: 0, updatedAt: Date.now() })
        .where(eq(documents.id, id))
        .returning()
        .get();
    }),
  /**
   * Pages read so far and the progress they make, in one step; within `quotaBytes` when given, counting the pages' text
   * and its index (documents/usage.ts): false, with nothing added, when they no longer fit (the reader then fails the
   * document with document/storage-full, decision 0013).
   */
  "documents.addPages": (
    account: AccountContext,
    { id, pages, progress, quotaBytes }: { id: string; pages: PageText[]; progress: number; quotaBytes?: number },
  ): boolean =>
    account.db.transaction((tx) => {
      const row = tx.select({ state: documents.state, textBytes: documents.textBytes }).from(documents).where(eq(documents.id, id)).get();
      if (row?.state !== "reading") return true;
      const textBytes = row.textBytes + pagesTextBytes(pages);
      if (!fitsStorageQuota(account, countedTextBytes(textBytes) - countedTextBytes(row.textBytes), quotaBytes)) return false;
      // A statement in the object's SQLite binds at most 100 values, four a page: a progress step can hold more pages.
      for (let start = 0; start < pages.length; start += PAGES_PER_INSERT)
        tx.insert(documentPages)
          .values(pages.slice(start, start + PAGES_PER_INSERT).map((page) => ({ ...page, documentId: id })))
          .run();
      tx.update(documents).set({ progress, textBytes, updatedAt: Date.now() }).where(eq(documents.id, id)).run();
      return true;
    }),
  /** The reading is done: ready with its page count and the characters read. */
  "documents.finish": ({ db }: AccountContext, { id, pages, chars }: { id: string; pages: number; chars: number }): void => {
    db.update(documents)
      .set({ state: "ready", progress: 100, pages, chars, updatedAt: Date.now() })
      .where(and(eq(documents.id, id), eq(documents.state, "reading")))
      .run();
  },
  /** The reading failed for good: the reason is kept for the chip, and the partial pages go. */
  "documents.fail": ({ db }: AccountContext, { id, failure }: { id: string; failure: string }): void =>
    db.transaction((tx) => {
      const failed = tx
        .update(documents)
        .set({ state: "failed", failure, textBytes: 0, updatedAt: Date.now() })
        .where(and(eq(documents.id, id), eq(documents.state, "reading")))
        .returning({ id: documents.id })
        .get();
      if (failed) tx.delete(documentPages).where(eq(documentPages.documentId, id)).run();
    }),
};

/**
 * The ids of the documents a thread uses: those bound to it and those its messages attach (a document attached again
 * in another thread stays bound to its first one). Used by the turn's passages (documents/passages.ts).
 */
export function threadDocumentIds(db: AccountContext["db"], threadId: string): string[] {
  return db
    .select({ id: documents.id })
    .from(documents)
    .where(
      or(
        eq(documents.threadId, threadId),
        inArray(
          documents.id,
          db
            .select({ id: chatMessages.attachmentId })
            .from(chatMessages)
            .where(and(eq(chatMessages.threadId, threadId), isNotNull(chatMessages.attachmentId))),
        ),
      ),
    )
    .all()
    .map((row) => row.id);
}

/** The thread's documents by id (its page shows a message attaching one as a file chip). */
export function threadDocumentViews(db: AccountContext["db"], threadId: string): Record<string, DocumentView> {
  const ids = threadDocumentIds(db, threadId);
  if (ids.length === 0) return {};
  const rows = db.select().from(documents).where(inArray(documents.id, ids)).all();
  return Object.fromEntries(rows.map((row) => [row.id, documentView(row)]));
}

/** Deletes the documents of one thread, or of every thread (deleting all chats); answers their R2 keys. */
export function deleteThreadDocumentRows(db: AccountContext["db"], threadId?: string): string[] {
  return db
    .delete(documents)
    .where(threadId ? eq(documents.threadId, threadId) : isNotNull(documents.threadId))
    .returning({ r2Key: documents.r2Key })
    .all()
    .map((row) => row.r2Key);
}
