// The documents domain's share of the storage quota (account/usage.ts, decision 0013): each document's file, and once
// read, its text in document_pages and the full-text index beside it (migration 0007). A short file can keep megabytes
// of text: a DOCX inflates, and a PDF's text is often larger than its compressed streams.
import { sql } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";
import { keptDocument } from "../chat/temporary-attachments";
import type { PageText } from "./operations";

const { documents } = accountSchema;

/**
 * The bytes `textBytes` of page text are counted as: the text once, and its search index at half as much again (the
 * FTS5 index of 600 pages of 3,000 characters measured at about 40% of the text, before SQLite's page overhead).
 */
export const countedTextBytes = (textBytes: number): number => textBytes + Math.ceil(textBytes / 2);

/** UTF-8 bytes of pages' text as document_pages keeps it (heading and text). */
export function pagesTextBytes(pages: PageText[]): number {
  const encoder = new TextEncoder();
  return pages.reduce((sum, page) => sum + encoder.encode(page.heading ?? "").byteLength + encoder.encode(page.text).byteLength, 0);
}

/** Documents: every document's file, plus the text and index of those read (countedTextBytes, row by row). */
export const documentsUsage = (db: AccountDb, keptOnly = false): number =>
  db
    .select({
      bytes: sql<number>`COALESCE(SUM(${documents.bytes} + ${documents.textBytes} + (${documents.textBytes} + 1) / 2), 0)`,
    })
    .from(documents)
    .where(keptOnly ? keptDocument() : undefined)
    .get()?.bytes ?? 0;
