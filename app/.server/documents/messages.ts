/** The document-reads queue (decision 0031): one document per message; the row in the account's object holds the rest. */
export const DOCUMENT_READS_QUEUE = "document-reads";
/** Where a message goes after the last retry: its document is marked failed. */
export const DOCUMENT_READS_DEAD_LETTER_QUEUE = "document-reads-dlq";

export interface DocumentReadMessage {
  documentId: string;
  /** The account whose object holds the document (decision 0026). */
  accountId: string;
  /** The storage quota its text must fit with everything else the account keeps (an account's; a visitor has none). */
  quotaBytes?: number;
}

export function isDocumentReadMessage(value: unknown): value is DocumentReadMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as DocumentReadMessage).documentId === "string" &&
    typeof (value as DocumentReadMessage).accountId === "string" &&
    ["number", "undefined"].includes(typeof (value as DocumentReadMessage).quotaBytes)
  );
}
