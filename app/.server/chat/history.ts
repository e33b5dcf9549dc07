// Shapes shared by the history panel's loader and API.

export const HISTORY_PAGE_SIZE = 50;

export interface ThreadSummary {
  id: string;
  title: string;
  tool: string;
  toolPath: string | null;
  starred: boolean;
  /** "whatsapp" for a conversation held over a linked WhatsApp number (marked so in the history). */
  channel: "web" | "whatsapp";
  updatedAt: number;
}

export interface ThreadPage {
  threads: ThreadSummary[];
  nextCursor: string | null;
}
