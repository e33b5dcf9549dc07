// Retrieval across a project's files (decision 0038-projects): the question's words are looked up once in the
// account's full-text index of document pages (document_search, decision 0031), ranked by bm25 across every ready file
// of the project, and the best pages are taken in that order within a token budget, each cut around its first match.
// Runs inside the account's object, so passages only ever come from the asker's own rows.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";
import type { PageText } from "../documents/operations";
import { estimateDocumentTokens, excerpt, type TurnDocument } from "../documents/passages";
import { searchQuery } from "../memory/context";

const { documents, documentPages, projectFiles } = accountSchema;

/** The most a project's passages add to a turn, in estimated tokens (the bench reports what a question adds). */
export const PROJECT_PASSAGE_TOKENS = 4_000;
/** Pages ranked before the budget is filled: more than the budget can hold, so a long page left out leaves room for others. */
const RANKED_PAGES = 40;

interface RankedPage {
  documentId: string;
  number: number;
}

/**
 * Words that say nothing about which page answers (English and Turkish question and joining words). Every page holds
 * them, so matching them made bm25 score the whole project for each question: 36 ms p50 over 10,000 pages against
 * a few with them left out (`npm run bench`).
 */
const STOP_WORDS = new Set(
  (
    "the and for are was were what which who whom whose how why when where with that this these those from into onto about does did done has have had " +
    "can could should would will shall may might you your yours our ours they them their there here not but all any some more most than then also just " +
    "only its it's his her him she he we me my mine out over under very much many such own same other each both few too please tell give show " +
    "bir ve ile için bu şu ne nedir nasıl neden niçin hangi hangisi kim kimin gibi daha çok ama veya kadar olan olarak var yok ben sen biz siz onlar " +
    "mi mı mu mü da de ki ise bana beni benim sana bize lütfen"
  ).split(" "),
);

/** The question's telling words as an FTS5 query (any of them); all of them when every word is a common one. */
export function retrievalQuery(question: string): string | null {
  const words = [...new Set(question.toLocaleLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])];
  const telling = words.filter((word) => word.length > 2 && !STOP_WORDS.has(word)).slice(0, 24);
  return telling.length > 0 ? telling.map((word) => `"${word}"`).join(" OR ") : searchQuery(question);
}

/** The project's pages that match the question, best first, across all its ready files. */
export function rankProjectPages(db: AccountDb, projectId: string, question: string, limit = RANKED_PAGES): RankedPage[] {
  const query = retrievalQuery(question);
  if (!query) return [];
  return db
    .all<{ documentId: string; number: number }>(
      sql`SELECT document_id AS documentId, number FROM document_search
          WHERE document_search MATCH ${query}
            AND document_id IN (SELECT ${projectFiles.documentId} FROM ${projectFiles} INNER JOIN ${documents} ON ${documents.id} = ${projectFiles.documentId}
                                WHERE ${projectFiles.projectId} = ${projectId} AND ${documents.state} = 'ready')
          ORDER BY bm25(document_search) LIMIT ${limit}`,
    )
    .map((row) => ({ documentId: String(row.documentId), number: Number(row.number) }));
}

/**
 * The passages a project chat's question is sent, grouped by file in the order of each file's best page (the first
 * file is the one the best passage is in): at most `budget` estimated tokens in all.
 */
export function projectPassages(db: AccountDb, projectId: string, question: string, budget = PROJECT_PASSAGE_TOKENS): TurnDocument[] {
  const ranked = rankProjectPages(db, projectId, question);
  if (ranked.length === 0) return [];
  const ids = [...new Set(ranked.map((page) => page.documentId))];
  const rows = db
    .select({ documentId: documentPages.documentId, number: documentPages.number, heading: documentPages.heading, text: documentPages.text })
    .from(documentPages)
    .where(or(...ids.map((id) => and(eq(documentPages.documentId, id), inArray(documentPages.number, pagesOf(ranked, id))))))
    .all();
  const text = new Map(rows.map((row) => [`${row.documentId}:${row.number}`, row]));
  const files = new Map(
    db
      .select({ id: documents.id, name: documents.name, pages: documents.pages })
      .from(documents)
      .where(inArray(documents.id, ids))
      .all()
      .map((row) => [row.id, row]),
  );
  const chosen = new Map<string, TurnDocument>();
  let spent = 0;
  for (const { documentId, number } of ranked) {
    const page = text.get(`${documentId}:${number}`);
    const file = files.get(documentId);
    if (!page || !file) continue;
    const passage: PageText = excerpt({ number: page.number, heading: page.heading, text: page.text }, question);
    const cost = estimateDocumentTokens(passage.text.length);
    if (spent + cost > budget) continue;
    spent += cost;
    const entry = chosen.get(documentId) ?? { id: file.id, name: file.name, pages: file.pages, whole: false, passages: [], bestPage: number };
    entry.passages.push(passage);
    chosen.set(documentId, entry);
  }
  return [...chosen.values()];
}

const pagesOf = (ranked: RankedPage[], documentId: string) => ranked.filter((page) => page.documentId === documentId).map((page) => page.number);
