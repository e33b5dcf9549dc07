// The document-check worker (decision 0031, "A worker of its own"): the upload's at-upload count of a PDF's pages,
// through the DocumentCheck entrypoint the app binds as DOCUMENT_CHECK. It is not the document reader's worker, so a
// long reading (up to its 60 s) never shares an isolate with another person's upload waiting on its page count.
import { WorkerEntrypoint } from "cloudflare:workers";
import { pdfPageCount } from "../app/.server/documents/pdf-pages";

/** The app's upload asks here for a PDF's page count (or its refusal: a password, a damaged file). */
export class DocumentCheck extends WorkerEntrypoint {
  async pdfPageCount(bytes: Uint8Array) {
    return pdfPageCount(bytes);
  }
}

export default {
  fetch() {
    return new Response("edge-assistant document check: no HTTP here", { status: 404 });
  },
} satisfies ExportedHandler;
