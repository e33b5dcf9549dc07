// The at-upload page count of a PDF (decision 0031), run in the document-check worker (workers/document-check.ts),
// never in the app's (pdfjs is most of that worker's bundle) nor in the reader's (a reading must not delay an upload).
// The app asks for it through the DOCUMENT_CHECK service binding (documents/check.ts) and turns a refusal into its AppError there.
import type { DocumentCheckRefusal } from "./check";

/** The page count, or why the PDF is refused: pdfjs reads only its cross-reference table and page tree for this. */
export type PdfPages = { pages: number } | { refusal: DocumentCheckRefusal };

/** Opens a PDF just far enough to count its pages: a password or a structure pdfjs cannot read is refused. */
export async function pdfPageCount(bytes: Uint8Array): Promise<PdfPages> {
  // Loaded on the first document only: the reader worker's start stays free of pdfjs.
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdfjs may take over (detach) the buffer it is given.
    pdf = await getDocumentProxy(bytes.slice(), { stopAtErrors: true, isEvalSupported: false });
  } catch (error) {
    return { refusal: (error as { name?: string }).name === "PasswordException" ? "document/password" : "document/corrupt" };
  }
  try {
    return { pages: pdf.numPages };
  } finally {
    await pdf.destroy();
  }
}
