// What a chat turn is given from the thread's documents (decision 0031), chosen inside the account's own
// object so one account's passages can only ever come from its own rows: a short document whole, a long one by the
// pages full-text search ranks best for the question (bm25), within a token budget. Also binds a document to the
// thread its first turn attaches it to.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { searchQuery } from "../memory/context";
import { documentText, threadDocumentIds, type PageText } from "./operations";

const { documents, documentPages, chatThreads } = accountSchema;

/** A document at most this long (estimated tokens, characters / 4) is sent whole. */
export const DOCUMENT_WHOLE_TOKENS = 6_000;
/** A longer document is sent by its best passages, at most this many estimated tokens of them. */
export const DOCUMENT_PASSAGE_TOKENS = 3_000;
/** All of a turn's documents together never add more than this. */
export const DOCUMENT_TURN_TOKENS = 12_000;
/** A thread uses at most this many documents (the most recently attached). */
export const MAX_THREAD_DOCUMENTS = 5;
/** A page longer than this is cut to the part around its first match. */
const PASSAGE_CHARS = 4_000;

export const estimateDocumentTokens = (chars: number) => Math.ceil(chars / 4);

export interface TurnDocument {
  id: string;
  name: string;
  pages: number | null;
  /** Sent whole (every page), or by passages. */
  whole: boolean;
  /** In the order they are sent: page order when whole, best match first otherwise. */
  passages: PageText[];
  /** The page full-text search ranks best for the question, if any matched. */
  bestPage: number | null;
}

export interface TurnDocumentsInput {
  threadId: string | null;
  /** The document this turn attaches (already checked ready by the turn). */
  attachmentId: string | null;
  question: string;
}

/** The page numbers of one document that match the question, best first. */
function rankedPages(db: AccountDb, documentId: string, question: string): number[] {
  const query = searchQuery(question);
  if (!query) return [];
  return db
    .all<{ number: number }>(
      sql`SELECT number FROM document_search WHERE document_search MATCH ${query} AND document_id = ${documentId} ORDER BY bm25(document_search) LIMIT 40`,
    )
    .map((row) => Number(row.number));
}

/** A long page cut to about PASSAGE_CHARS around the first word of the question it contains. */
export function excerpt(page: PageText, question: string): PageText {
  if (page.text.length <= PASSAGE_CHARS) return page;
  const words = question.toLocaleLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  const lower = page.text.toLocaleLowerCase();
  const at = Math.min(...words.map((word) => lower.indexOf(word)).filter((index) => index >= 0), Infinity);
  const start = Number.isFinite(at) ? Math.max(0, Math.min(at - PASSAGE_CHARS / 4, page.text.length - PASSAGE_CHARS)) : 0;
  return { ...page, text: `${start > 0 ? "…" : ""}${page.text.slice(start, start + PASSAGE_CHARS)}…` };
}

/** The best pages that fit `budget` tokens (one that does not fit is left out and smaller ones still may). */
function passagesWithin(db: AccountDb, documentId: string, ranked: number[], question: string, budget: number): PageText[] {
  // No match (a question in other words): the document's opening pages stand in.
  const numbers = ranked.length > 0 ? ranked : [1, 2, 3, 4, 5];
  const rows = db
    .select({ number: documentPages.number, heading: documentPages.heading, text: documentPages.text })
    .from(documentPages)
    .where(and(eq(documentPages.documentId, documentId), inArray(documentPages.number, numbers)))
    .all();
  const byNumber = new Map(rows.map((row) => [row.number, row]));
  const chosen: PageText[] = [];
  let spent = 0;
  for (const number of numbers) {
    const page = byNumber.get(number);
    if (!page) continue;
    const passage = excerpt(page, question);
    const cost = estimateDocumentTokens(passage.text.length);
    if (spent + cost > budget) continue;
    chosen.push(passage);
    spent += cost;
  }
  return chosen;
}

/**
 * Binds the attached document to the thread of its first turn (or again, if that thread never came to be). Called
 * with the turn's own rows (chat/messages.ts applyTurnWrites), so a turn that is never written (a hinted owner the
 * session read disowns, decision 0009) binds nothing.
 */
export function bindDocumentToThread(db: Pick<AccountDb, "select" | "update">, documentId: string, threadId: string) {
  const row = db.select({ threadId: documents.threadId }).from(documents).where(eq(documents.id, documentId)).get();
  if (!row) return;
  const bound = row.threadId && db.select({ id: chatThreads.id }).from(chatThreads).where(eq(chatThreads.id, row.threadId)).get();
  if (!bound) db.update(documents).set({ threadId, updatedAt: Date.now() }).where(eq(documents.id, documentId)).run();
}

export const documentTurnOperations = {
  /** The thread's (and the attached) ready documents, each whole or by its best passages for the question. */
  "documents.forTurn": ({ db }: AccountContext, input: TurnDocumentsInput): TurnDocument[] => {
    const ids = [...new Set([...(input.attachmentId ? [input.attachmentId] : []), ...(input.threadId ? threadDocumentIds(db, input.threadId) : [])])];
    if (ids.length === 0) return [];
    const rows = db
      .select({ id: documents.id, name: documents.name, pages: documents.pages, chars: documents.chars })
      .from(documents)
      .where(and(inArray(documents.id, ids), eq(documents.state, "ready")))
      .orderBy(desc(documents.createdAt))
      .limit(MAX_THREAD_DOCUMENTS)
      .all();
    let left = DOCUMENT_TURN_TOKENS;
    const chosen = rows.map((row) => ({ row, ranked: rankedPages(db, row.id, input.question) }));
    // The documents that match the question best are given their share first.
    chosen.sort((a, b) => Number(b.ranked.length > 0) - Number(a.ranked.length > 0));
    return chosen.map(({ row, ranked }) => {
      const tokens = estimateDocumentTokens(row.chars);
      const whole = tokens <= DOCUMENT_WHOLE_TOKENS && tokens <= left;
      const passages = whole ? documentText(db, row.id) : passagesWithin(db, row.id, ranked, input.question, Math.min(DOCUMENT_PASSAGE_TOKENS, left));
      left -= passages.reduce((sum, page) => sum + estimateDocumentTokens(page.text.length), 0);
      return { id: row.id, name: row.name, pages: row.pages, whole, passages, bestPage: ranked[0] ?? null };
    });
  },
};
