import { createStore } from "~/lib/store";
import type { DocumentView } from "~/lib/documents";

/**
 * Documents uploaded from this page, by id, as last seen (the composer's chip keeps each current while it is read). A
 * question sent with one shows its file, and the answer's citations open it, before the thread's loader names it.
 */
export const uploadedDocuments = createStore<Record<string, DocumentView>>({});

export function rememberDocument(document: DocumentView) {
  uploadedDocuments.set((current) => ({ ...current, [document.id]: document }));
}
