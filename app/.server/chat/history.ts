// Shapes shared by the history panel's loader and API.

export const HISTORY_PAGE_SIZE = 50;

export interface ThreadSummary {
  id: string;
  title: string;
  tool: string;
  toolPath: string | null;
  starred: boolean;
  updatedAt: number;
}

export interface ThreadPage {
  threads: ThreadSummary[];
  nextCursor: string | null;
}
