// The document-reads queue consumer (decision 0031): reads one document's text into its pages in the account's object,
// writing progress as it goes, then marks it ready. Safe to redeliver: a ready or failed document is acknowledged
// untouched, and a reading started again begins from an empty set of pages. A document that cannot be read (scanned,
// over the caps, damaged) fails at once; another failure is retried by the queue, and what the dead-letter queue
// receives after the last retry is marked failed.
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { DOCUMENT_READS_DEAD_LETTER_QUEUE, isDocumentReadMessage, type DocumentReadMessage } from "./messages";
import { readDocument, ReadFailure } from "./reader";
import { consumeEach } from "../queue-consumer";
import { isAccountDeleted } from "../account/tombstone";

export async function processDocumentReads(batch: MessageBatch<unknown>, env: Pick<AppEnv, "ACCOUNT" | "MEDIA">): Promise<void> {
  const deadLetters = batch.queue === DOCUMENT_READS_DEAD_LETTER_QUEUE;
  await consumeEach(batch, {
    name: "document-reads",
    isMessage: isDocumentReadMessage,
    handle: async (message) => {
      if (deadLetters) {
        // The queue gave up on it: most likely the reading itself ran out of time or memory each time.
        await inAccount(env, message.accountId, "documents.fail", { id: message.documentId, failure: "document/too-big-to-read" });
        return "done";
      }
      try {
        await readOne(env, message);
        return "done";
      } catch (error) {
        if (isAccountDeleted(error)) throw error;
        console.error("document-reads: reading failed, retried by the queue", message.documentId, error);
        return "retry";
      }
    },
    retryDelaySeconds: (attempts) => Math.min(60, 5 * 2 ** attempts),
  });
}

/** Reads one document; a document that is no longer "reading" (or gone) is left as it is. */
export async function readOne(env: Pick<AppEnv, "ACCOUNT" | "MEDIA">, { documentId: id, accountId, quotaBytes }: DocumentReadMessage): Promise<void> {
  const document = await inAccount(env, accountId, "documents.beginRead", { id });
  if (!document) return;
  const object = await env.MEDIA.get(document.r2Key);
  if (!object) {
    await inAccount(env, accountId, "documents.fail", { id, failure: "document/corrupt" });
    return;
  }
  const bytes = new Uint8Array(await object.arrayBuffer());
  try {
    const read = await readDocument(bytes, document.contentType, async (pages, progress) => {
      // The text is checked against the quota as its pages are recorded (decision 0013): what does not fit ends the reading.
      if (!(await inAccount(env, accountId, "documents.addPages", { id, pages, progress, quotaBytes }))) throw new ReadFailure("document/storage-full");
    });
    await inAccount(env, accountId, "documents.finish", { id, ...read });
  } catch (error) {
    if (!(error instanceof ReadFailure)) throw error;
    await inAccount(env, accountId, "documents.fail", { id, failure: error.code });
  }
}
