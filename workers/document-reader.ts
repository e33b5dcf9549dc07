// The document-reader worker (decision 0031, "A worker of its own"): everything that parses a document's bytes, kept
// out of the app's worker so pdfjs (unpdf) and mammoth are not in the bundle every page request loads. It consumes the
// document-reads queue and its dead-letter queue (reading a document into pages in the account's object, which the app
// worker hosts), and answers the upload's at-upload check of a PDF through the DocumentReader entrypoint the app binds
// as DOCUMENT_READER.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { AppEnv } from "../app/.server/env";
import { processDocumentReads } from "../app/.server/documents/consumer";
import { pdfPageCount } from "../app/.server/documents/pdf-pages";

/** What the reading needs: the account's object (bound by the app worker's script name) and the uploaded files. */
export type DocumentReaderEnv = Pick<AppEnv, "ACCOUNT" | "MEDIA">;

/** The app's upload asks here for a PDF's page count (or its refusal: a password, a damaged file). */
export class DocumentReader extends WorkerEntrypoint<DocumentReaderEnv> {
  async pdfPageCount(bytes: Uint8Array) {
    return pdfPageCount(bytes);
  }
}

export default {
  fetch() {
    return new Response("edge-assistant document reader: no HTTP here", { status: 404 });
  },
  queue: (batch, env) => processDocumentReads(batch, env),
} satisfies ExportedHandler<DocumentReaderEnv>;
