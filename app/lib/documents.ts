// Shared by server and client (docs/decisions/0031-documents-in-chat.md).
export type DocumentState = "reading" | "ready" | "failed";
export interface DocumentView {
  id: string;
  name: string;
  contentType: "application/pdf" | "application/vnd.openxmlformats-officedocument.wordprocessingml.document" | "text/plain" | "text/markdown";
  bytes: number;
  pages: number | null; // null until known
  state: DocumentState;
  progress: number; // 0..100, 100 when ready
  failure: string | null; // an error code such as "document/no-text"; the UI shows t(`errors:${failure}`)
  threadId: string | null;
  createdAt: number;
}
export const DOCUMENT_ACCEPT =
  ".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown";
/** `[p. 12]` or `[Name.pdf, p. 12]` in an answer. */
// eslint-disable-next-line no-useless-escape -- written exactly as the documents contract states it
export const CITATION_PATTERN = /\[(?:([^\[\]]{1,120}?), )?p\. ?(\d{1,4})\]/g;
