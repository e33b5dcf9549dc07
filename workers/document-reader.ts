// The document-reader worker (decision 0031, "A worker of its own"): reading documents into pages, kept out of the
// app's worker so pdfjs (unpdf) and mammoth are not in the bundle every page request loads. It consumes the
// document-reads queue and its dead-letter queue (reading a document into pages in the account's object, which the app
// worker hosts). The upload's PDF page count is the document-check worker's (workers/document-check.ts), so no upload
// waits behind a reading.
import type { AppEnv } from "../app/.server/env";
import { processDocumentReads } from "../app/.server/documents/consumer";

/** What the reading needs: the account's object (bound by the app worker's script name) and the uploaded files. */
export type DocumentReaderEnv = Pick<AppEnv, "ACCOUNT" | "MEDIA">;

export default {
  fetch() {
    return new Response("edge-assistant document reader: no HTTP here", { status: 404 });
  },
  queue: (batch, env) => processDocumentReads(batch, env),
} satisfies ExportedHandler<DocumentReaderEnv>;
