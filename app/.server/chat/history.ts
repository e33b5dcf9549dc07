// The history panel's query: newest first per owner, optionally only starred (both served by an index).
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../db";
import { schema } from "../db";

export const HISTORY_PAGE_SIZE = 50;

export interface ThreadSummary {
  id: string;
  title: string;
  tool: string;
  toolPath: string | null;
  starred: boolean;
  updatedAt: number;
}

export async function listThreads(
  db: Database,
  ownerId: string,
  options: { starredOnly?: boolean; limit?: number } = {},
): Promise<ThreadSummary[]> {
  const { chatThreads } = schema;
  return db
    .select({
      id: chatThreads.id,
      title: chatThreads.title,
      tool: chatThreads.tool,
      toolPath: chatThreads.toolPath,
      starred: chatThreads.starred,
      updatedAt: chatThreads.updatedAt,
    })
    .from(chatThreads)
    .where(options.starredOnly ? and(eq(chatThreads.ownerId, ownerId), eq(chatThreads.starred, true)) : eq(chatThreads.ownerId, ownerId))
    .orderBy(desc(chatThreads.updatedAt))
    .limit(options.limit ?? HISTORY_PAGE_SIZE);
}
