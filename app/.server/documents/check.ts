// A document upload is checked by content, like an image (decision 0031, SECURITY.md "Documents in chat"): PDF by its
// `%PDF-` magic, DOCX as a ZIP whose directory names word/document.xml (read with explicit bounds by zip-directory.ts,
// since this runs in the page-serving worker), TXT and Markdown as valid UTF-8 without NUL bytes. A PDF is
// opened at upload only as far as its cross-reference table and page tree (pdfjs reads no page content for that), so
// a password, a damaged file or more than 300 pages is refused before anything is kept. pdfjs runs in the
// document-check worker (DOCUMENT_CHECK, documents/pdf-pages.ts), so the app's bundle carries no parser.
import type { DocumentView } from "../../lib/documents";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { zipDirectory } from "./zip-directory";

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENT_PAGES = 300;

export type DocumentContentType = DocumentView["contentType"];

export const DOCUMENT_EXTENSIONS: Record<DocumentContentType, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/plain": "txt",
  "text/markdown": "md",
};

/** Why a PDF is refused at upload before its pages are counted. */
export type DocumentCheckRefusal = "document/password" | "document/corrupt";

export interface DocumentCheck {
  contentType: DocumentContentType;
  /** Known at upload for a PDF; the others' pages are known once read. */
  pages: number | null;
}

const startsWith = (bytes: Uint8Array, text: string) => [...text].every((char, index) => bytes[index] === char.charCodeAt(0));

/** Whether the bytes look like a document at all (an image or anything else is not one). */
export function documentKind(bytes: Uint8Array, file: { name: string; type: string }): DocumentContentType | null {
  if (startsWith(bytes, "%PDF-")) return "application/pdf";
  if (startsWith(bytes, "PK\x03\x04")) return isDocx(bytes) ? "application/vnd.openxmlformats-officedocument.wordprocessingml.document" : null;
  if (!isPlainText(bytes)) return null;
  return /\.(md|markdown)$/i.test(file.name) || file.type === "text/markdown" ? "text/markdown" : "text/plain";
}

/** The ZIP's directory names word/document.xml; nothing is inflated and a directory past its bounds is no DOCX. */
function isDocx(bytes: Uint8Array): boolean {
  try {
    return zipDirectory(bytes).entries.some((entry) => entry.name === "word/document.xml");
  } catch {
    return false;
  }
}

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The document's type (`contentType`, as documentKind recognised it) and, for a PDF, its page count, or the
 * translated refusal. Nothing is stored here.
 */
export async function checkDocument(env: Pick<AppEnv, "DOCUMENT_CHECK">, bytes: Uint8Array, contentType: DocumentContentType): Promise<DocumentCheck> {
  if (bytes.length === 0) throw new AppError("upload/empty");
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new AppError("upload/too-large");
  if (contentType !== "application/pdf") return { contentType, pages: null };
  const counted = await env.DOCUMENT_CHECK.pdfPageCount(bytes);
  if ("refusal" in counted) throw new AppError(counted.refusal);
  const { pages } = counted;
  if (pages < 1) throw new AppError("document/corrupt");
  if (pages > MAX_DOCUMENT_PAGES) throw new AppError("document/too-many-pages");
  return { contentType, pages };
}
