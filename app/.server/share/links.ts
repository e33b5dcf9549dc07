// Share links as their owner sees them: make one for a thread (a snapshot of its messages), take a new snapshot
// ("Update link"), list them for Settings › Account and revoke them. Only the thread's owner, a signed-in user, can do
// any of this; another owner's thread or link is "not found" (decision 0015).
import { and, eq } from "drizzle-orm";
import { inAccount } from "../account/client";
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
  if (!(await inAccount(env, ownerId, "chat.exists", threadId))) throw new AppError("chat/not-found");
  const rows = await getDb(env)
    .select(summaryColumns)
    .from(schema.sharedLinks)
    .where(and(eq(schema.sharedLinks.threadId, threadId), eq(schema.sharedLinks.ownerId, ownerId)));
  return rows[0] ?? null;
}

/** D1 allows 100 bound parameters per statement; a snapshot row binds 7. */
const SNAPSHOT_ROWS_PER_INSERT = 14;

/**
 * Creates the thread's link or, when it has one, replaces its snapshot (same id, same address). The snapshot is the
 * thread's messages at this moment that a reader can make sense of: every question, and answers that finished or were
 * stopped with text; answers still streaming or failed are left out. The thread is read from the owner's own object
 * (decision 0026) and its copy written to D1 in one batch (a transaction), so two clicks at once end in one link and
 * the public page never reads an account's object.
 */
export async function shareThread(env: AppEnv, ownerId: string, threadId: string, options: { showName: boolean }, now = Date.now()): Promise<ShareSummary> {
  const snapshot = await inAccount(env, ownerId, "share.snapshot", threadId);
  if (!snapshot) throw new AppError("chat/not-found");
  const existing = await getDb(env).query.sharedLinks.findFirst({ where: eq(schema.sharedLinks.threadId, threadId) });
  // New links and new snapshots of a link are each limited per account (write-limits.ts).
  await meterWrite(env, existing ? "shareUpdate" : "shareCreate", ownerId, "share/rate-limited");
  const id = existing?.id ?? randomToken(16);
  const shareOf = "(SELECT id FROM shared_links WHERE thread_id = ?)";
  const inserts = [];
  for (let start = 0; start < snapshot.messages.length; start += SNAPSHOT_ROWS_PER_INSERT) {
    const rows = snapshot.messages.slice(start, start + SNAPSHOT_ROWS_PER_INSERT);
    inserts.push(
      env.DB.prepare(
        `INSERT INTO shared_messages (share_id, position, role, content, model, attachment_id, created_at) VALUES
         ${rows.map(() => `(${shareOf}, ?, ?, ?, ?, ?, ?)`).join(", ")}`,
      ).bind(
        ...rows.flatMap((message, index) => [
          threadId,
          start + index + 1,
          message.role,
          message.content,
          message.model,
          message.attachmentId,
          message.createdAt,
        ]),
      ),
    );
  }
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO shared_links (id, owner_id, thread_id, title, show_name, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
       ON CONFLICT (thread_id) DO UPDATE SET title = excluded.title, show_name = excluded.show_name, updated_at = excluded.updated_at`,
    ).bind(id, ownerId, threadId, snapshot.thread.title, options.showName ? 1 : 0, now),
    env.DB.prepare(`DELETE FROM shared_messages WHERE share_id = ${shareOf}`).bind(threadId),
    ...inserts,
  ]);
  const rows = await getDb(env).select(summaryColumns).from(schema.sharedLinks).where(eq(schema.sharedLinks.threadId, threadId));
  const share = rows[0];
  if (!share) throw new AppError("chat/not-found");
  return share;
}

/**
 * Deletes the public link (and its snapshot) of one thread, or (without `threadId`) of every thread of `ownerId`: what
 * the foreign key to the thread did by cascade while threads were in D1.
 */
export async function deleteShareOf(env: AppEnv, ownerId: string, threadId?: string): Promise<void> {
  const { sharedLinks } = schema;
  await getDb(env)
    .delete(sharedLinks)
    .where(and(eq(sharedLinks.ownerId, ownerId), threadId ? eq(sharedLinks.threadId, threadId) : undefined));
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
