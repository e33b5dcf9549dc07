/** What Settings › Account shows of the account's latest import (GET /api/imports/chatgpt and the page's loader). */
export interface ChatImportView {
  id: string;
  status: "running" | "done" | "failed";
  /** Conversations handled so far, of `total`. */
  done: number;
  total: number;
  imported: number;
  skipped: number;
  /** A failed import's reason, an error code (locales/<lang>/errors.json). */
  errorCode: string | null;
  /** The quota a failed import ran into, for its message. */
  quotaBytes: number | null;
}
