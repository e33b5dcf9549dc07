// A document upload is checked by content, like an image (decision 0031, SECURITY.md "Documents in chat"): PDF by its
// `%PDF-` magic, DOCX as a ZIP holding word/document.xml, TXT and Markdown as valid UTF-8 without NUL bytes. A PDF is
// opened at upload only as far as its cross-reference table and page tree (pdfjs reads no page content for that), so
// a password, a damaged file or more than 300 pages is refused before anything is kept.
import { unzipSync } from "fflate";
import type { DocumentView } from "../../lib/documents";
import { AppError } from "../errors";

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_DOCUMENT_PAGES = 300;

export type DocumentContentType = DocumentView["contentType"];

export const DOCUMENT_EXTENSIONS: Record<DocumentContentType, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/plain": "txt",
  "text/markdown": "md",
};

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

/** The ZIP's directory names word/document.xml; nothing is inflated (the filter declines every entry). */
function isDocx(bytes: Uint8Array): boolean {
  let found = false;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        if (entry.name === "word/document.xml") found = true;
        return false;
      },
    });
  } catch {
    return false;
  }
  return found;
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

/** Opens a PDF just far enough to count its pages: a password or a structure pdfjs cannot read is refused. */
async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  // Loaded on the first document only: the worker's start and every page request stay free of pdfjs.
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdfjs may take over (detach) the buffer it is given, and the caller still stores these bytes.
    pdf = await getDocumentProxy(bytes.slice(), { stopAtErrors: true, isEvalSupported: false });
  } catch (error) {
    throw new AppError((error as { name?: string }).name === "PasswordException" ? "document/password" : "document/corrupt", { cause: error });
  }
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}

/** The document's type and (for a PDF) page count, or the translated refusal. Nothing is stored here. */
export async function checkDocument(bytes: Uint8Array, file: { name: string; type: string }): Promise<DocumentCheck> {
  if (bytes.length === 0) throw new AppError("upload/empty");
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new AppError("upload/too-large");
  const contentType = documentKind(bytes, file);
  if (!contentType) throw new AppError("upload/invalid-type");
  if (contentType !== "application/pdf") return { contentType, pages: null };
  const pages = await pdfPageCount(bytes);
  if (pages < 1) throw new AppError("document/corrupt");
  if (pages > MAX_DOCUMENT_PAGES) throw new AppError("document/too-many-pages");
  return { contentType, pages };
}
