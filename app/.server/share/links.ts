// Share links as their owner sees them: make one for a thread (a snapshot of its messages), take a new snapshot
// ("Update link"), list them for Settings › Account and revoke them. Only the thread's owner, a signed-in user, can do
// any of this; another owner's thread or link is "not found" (decision 0015).
import { and, desc, eq } from "drizzle-orm";
import { randomToken } from "../auth/crypto";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { meterWrite } from "../write-limits";

export interface ShareSummary {
  id: string;
  threadId: string;
  title: string;
  showName: boolean;
  createdAt: number;
  /** When the snapshot was taken (creation or the last "Update link"). */
  updatedAt: number;
}

/** The absolute address of a link, on the configured public origin (never the request's Host header). */
export function shareUrl(origin: string, shareId: string): string {
  return `${origin}/share/${shareId}`;
}

async function ownedThread(env: AppEnv, ownerId: string, threadId: string) {
  const { chatThreads } = schema;
  const thread = await getDb(env).query.chatThreads.findFirst({ where: and(eq(chatThreads.id, threadId), eq(chatThreads.ownerId, ownerId)) });
  if (!thread) throw new AppError("chat/not-found");
  return thread;
}

const summaryColumns = {
  id: schema.sharedLinks.id,
  threadId: schema.sharedLinks.threadId,
  title: schema.sharedLinks.title,
  showName: schema.sharedLinks.showName,
  createdAt: schema.sharedLinks.createdAt,
  updatedAt: schema.sharedLinks.updatedAt,
};

/** The thread's link, if it has one (the share dialog shows "Update link" then). */
export async function threadShare(env: AppEnv, ownerId: string, threadId: string): Promise<ShareSummary | null> {
  await ownedThread(env, ownerId, threadId);
  const rows = await getDb(env)
    .select(summaryColumns)
    .from(schema.sharedLinks)
    .where(and(eq(schema.sharedLinks.threadId, threadId), eq(schema.sharedLinks.ownerId, ownerId)));
  return rows[0] ?? null;
}

/**
 * Creates the thread's link or, when it has one, replaces its snapshot (same id, same address). The snapshot is the
 * thread's messages at this moment that a reader can make sense of: every question, and answers that finished or were
 * stopped with text; answers still streaming or failed are left out. One D1 batch (a transaction), with the copy done
 * inside SQLite, so a long thread is never split by the bound-parameter limit and two clicks at once end in one link.
 */
export async function shareThread(env: AppEnv, ownerId: string, threadId: string, options: { showName: boolean }, now = Date.now()): Promise<ShareSummary> {
  const thread = await ownedThread(env, ownerId, threadId);
  const existing = await getDb(env).query.sharedLinks.findFirst({ where: eq(schema.sharedLinks.threadId, threadId) });
  // New links and new snapshots of a link are each limited per account (write-limits.ts).
  await meterWrite(env, existing ? "shareUpdate" : "shareCreate", ownerId, "share/rate-limited");
  const id = existing?.id ?? randomToken(16);
  const shareOf = "(SELECT id FROM shared_links WHERE thread_id = ?1)";
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO shared_links (id, owner_id, thread_id, title, show_name, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
       ON CONFLICT (thread_id) DO UPDATE SET title = excluded.title, show_name = excluded.show_name, updated_at = excluded.updated_at`,
    ).bind(id, ownerId, threadId, thread.title, options.showName ? 1 : 0, now),
    env.DB.prepare(`DELETE FROM shared_messages WHERE share_id = ${shareOf}`).bind(threadId),
    env.DB.prepare(
      `INSERT INTO shared_messages (share_id, position, role, content, model, attachment_id, created_at)
       SELECT ${shareOf}, ROW_NUMBER() OVER (ORDER BY created_at, id), role, content, model, attachment_id, created_at
       FROM chat_messages
       WHERE thread_id = ?1 AND (role = 'user' OR (status IN ('complete', 'stopped') AND content <> ''))`,
    ).bind(threadId),
  ]);
  const rows = await getDb(env).select(summaryColumns).from(schema.sharedLinks).where(eq(schema.sharedLinks.threadId, threadId));
  const share = rows[0];
  if (!share) throw new AppError("chat/not-found");
  return share;
}

/** The owner's links, newest first, for Settings › Account. */
export async function listShares(env: AppEnv, ownerId: string): Promise<ShareSummary[]> {
  return getDb(env).select(summaryColumns).from(schema.sharedLinks).where(eq(schema.sharedLinks.ownerId, ownerId)).orderBy(desc(schema.sharedLinks.createdAt));
}

/** Deletes the link and its snapshot; its page answers 404 from now on. Someone else's link is "not found". */
export async function revokeShare(env: AppEnv, ownerId: string, shareId: string): Promise<void> {
  const { sharedLinks } = schema;
  const deleted = await getDb(env)
    .delete(sharedLinks)
    .where(and(eq(sharedLinks.id, shareId), eq(sharedLinks.ownerId, ownerId)))
    .returning({ id: sharedLinks.id });
  if (deleted.length === 0) throw new AppError("share/not-found");
}
