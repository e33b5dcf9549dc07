// Page citations in answers about a document (docs/decisions/0031-documents-in-chat.md): finding `[p. 12]` and
// `[Name, p. 12]` in an answer, which of the thread's documents each names, and the words of the answer it backs (the
// quotation or sentence before it; highlight-passage.ts finds them on the page).
import { CITATION_PATTERN, type DocumentView } from "./documents";

export interface Citation {
  /** As written, e.g. "[p. 17]": the text the button shows. */
  raw: string;
  /** The document's name when the answer gave one (a thread with several documents). */
  name: string | null;
  page: number;
}

/** An answer's text cut into plain runs and citations, in order (empty runs left out). */
export function splitCitations(text: string): Array<string | Citation> {
  const parts: Array<string | Citation> = [];
  let last = 0;
  for (const match of text.matchAll(new RegExp(CITATION_PATTERN.source, "g"))) {
    const page = Number(match[2]);
    if (!(page >= 1)) continue;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ raw: match[0], name: match[1]?.trim() || null, page });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * The document a citation points at: the one it names (exactly, else ignoring case), else, with no name, the latest
 * of the thread's documents (a thread with one document cites it by page only). Null when none fits or the page is
 * past the document's end.
 */
export function resolveCitation(citation: Pick<Citation, "name" | "page">, documents: readonly DocumentView[]): DocumentView | null {
  const name = citation.name?.toLowerCase();
  const found = name
    ? (documents.find((document) => document.name === citation.name) ?? documents.find((document) => document.name.toLowerCase() === name))
    : documents.reduce<DocumentView | undefined>((latest, document) => (!latest || document.createdAt >= latest.createdAt ? document : latest), undefined);
  if (!found || (found.pages !== null && citation.page > found.pages)) return null;
  return found;
}

const QUOTE_BEFORE = /["“”«»]([^"“”«»]{4,})["“”«»]\s*$/;

/**
 * What the citation at `index` backs: the quotation just before it (the demo reply quotes the page), else the sentence
 * it closes.
 */
export function citationContext(text: string, index: number): string {
  const before = text.slice(0, index);
  const quoted = QUOTE_BEFORE.exec(before);
  if (quoted?.[1]) return quoted[1].trim();
  const sentences = before.trimEnd().split(/(?<=[.!?…])\s+|\n+/);
  return (sentences.pop() ?? "").trim();
}
