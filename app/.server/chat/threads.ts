// Threads as their owner sees them: open one with its messages, rename, star, delete, rate an answer, and find
// threads by title or message text. Every query is scoped to the owner; another owner's id is "not found".
import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { deleteThreadFiles } from "./thread-files";
import { HISTORY_PAGE_SIZE, type ThreadPage, type ThreadSummary } from "./history";

export interface MessageView {
  id: string;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  status: "complete" | "streaming" | "failed" | "stopped";
  errorCode: string | null;
  feedback: "like" | "dislike" | null;
  attachmentId: string | null;
  /** A WhatsApp voice note kept with this question (played from /media/voice-notes/<id>, decision 0025). */
  voiceNote: boolean;
  createdAt: number;
}

export async function openThread(env: AppEnv, ownerId: string, threadId: string) {
  const db = getDb(env);
  const { chatThreads, chatMessages } = schema;
  const thread = await db.query.chatThreads.findFirst({ where: and(eq(chatThreads.id, threadId), eq(chatThreads.ownerId, ownerId)) });
  if (!thread) throw new AppError("chat/not-found");
  const messages: MessageView[] = await db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      model: chatMessages.model,
      status: chatMessages.status,
      errorCode: chatMessages.errorCode,
      feedback: chatMessages.feedback,
      attachmentId: chatMessages.attachmentId,
      voiceNote: sql<boolean>`${schema.voiceNotes.messageId} IS NOT NULL`.mapWith(Boolean),
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(schema.voiceNotes, eq(schema.voiceNotes.messageId, chatMessages.id))
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(asc(chatMessages.createdAt));
  return { thread: { id: thread.id, title: thread.title, starred: thread.starred, tool: thread.tool, toolPath: thread.toolPath }, messages };
}

async function ownedThread(env: AppEnv, ownerId: string, threadId: string) {
  const { chatThreads } = schema;
  const thread = await getDb(env).query.chatThreads.findFirst({ where: and(eq(chatThreads.id, threadId), eq(chatThreads.ownerId, ownerId)) });
  if (!thread) throw new AppError("chat/not-found");
  return thread;
}

export async function renameThread(env: AppEnv, ownerId: string, threadId: string, title: string) {
  await ownedThread(env, ownerId, threadId);
  await getDb(env).update(schema.chatThreads).set({ title }).where(eq(schema.chatThreads.id, threadId));
}

export async function starThread(env: AppEnv, ownerId: string, threadId: string, starred: boolean) {
  await ownedThread(env, ownerId, threadId);
  await getDb(env).update(schema.chatThreads).set({ starred }).where(eq(schema.chatThreads.id, threadId));
}

export async function deleteThread(env: AppEnv, ownerId: string, threadId: string) {
  await ownedThread(env, ownerId, threadId);
  // Its files first (cached speech, voice notes), so a failure leaves a thread that can be deleted again.
  await deleteThreadFiles(env, ownerId, threadId);
  // Messages go with the thread (foreign key cascade), and the search index with them (triggers).
  await getDb(env).delete(schema.chatThreads).where(eq(schema.chatThreads.id, threadId));
}

/** Like / dislike an answer; "none" clears it. Only the thread's owner can rate its answers. */
export async function rateMessage(env: AppEnv, ownerId: string, messageId: string, feedback: "like" | "dislike" | "none") {
  const { chatMessages, chatThreads } = schema;
  const db = getDb(env);
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(and(eq(chatMessages.id, messageId), eq(chatThreads.ownerId, ownerId), eq(chatMessages.role, "assistant")));
  if (rows.length === 0) throw new AppError("chat/not-found");
  await db
    .update(chatMessages)
    .set({ feedback: feedback === "none" ? null : feedback })
    .where(eq(chatMessages.id, messageId));
}

/** The message's thread if the viewer owns it (used before joining or stopping a stream). */
export async function ownedMessage(env: AppEnv, ownerId: string, messageId: string) {
  const { chatMessages, chatThreads } = schema;
  const rows = await getDb(env)
    .select({ message: chatMessages, ownerId: chatThreads.ownerId })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .where(and(eq(chatMessages.id, messageId), eq(chatThreads.ownerId, ownerId)));
  const row = rows[0];
  if (!row) throw new AppError("chat/not-found");
  return row.message;
}

/** A page of history, newest first. The cursor is "<updatedAt>:<id>" of the last thread of the previous page. */
export async function pageThreads(env: AppEnv, ownerId: string, options: { starredOnly?: boolean; cursor?: string; limit?: number }): Promise<ThreadPage> {
  const { chatThreads } = schema;
  const limit = options.limit ?? HISTORY_PAGE_SIZE;
  const [cursorTime, cursorId] = (options.cursor ?? "").split(":");
  const afterCursor =
    cursorTime && cursorId
      ? or(lt(chatThreads.updatedAt, Number(cursorTime)), and(eq(chatThreads.updatedAt, Number(cursorTime)), lt(chatThreads.id, cursorId)))
      : undefined;
  const rows = await getDb(env)
    .select({
      id: chatThreads.id,
      title: chatThreads.title,
      tool: chatThreads.tool,
      toolPath: chatThreads.toolPath,
      starred: chatThreads.starred,
      channel: chatThreads.channel,
      updatedAt: chatThreads.updatedAt,
    })
    .from(chatThreads)
    .where(and(eq(chatThreads.ownerId, ownerId), options.starredOnly ? eq(chatThreads.starred, true) : undefined, afterCursor))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(limit + 1);
  const threads = rows.slice(0, limit);
  const last = threads[threads.length - 1];
  return { threads, nextCursor: rows.length > limit && last ? `${last.updatedAt}:${last.id}` : null };
}

/** Turns what a person typed into a safe FTS5 query: each word a quoted prefix term, all required. */
export function toFtsQuery(text: string): string | null {
  const words = text
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word) => `"${word.replace(/"/g, "")}"*`).join(" ");
}

/**
 * Threads whose title or any message matches, newest first. One statement: the matching thread ids stay inside
 * SQLite (as bound parameters they would hit D1's limit of 100 per query once a word is in many threads).
 */
export async function searchThreads(env: AppEnv, ownerId: string, text: string, limit = HISTORY_PAGE_SIZE): Promise<ThreadSummary[]> {
  const query = toFtsQuery(text);
  if (!query) return [];
  const { results } = await env.DB.prepare(
    `SELECT id, title, tool, tool_path AS toolPath, starred, channel, updated_at AS updatedAt FROM chat_threads
     WHERE owner_id = ?2 AND id IN (SELECT DISTINCT thread_id FROM chat_search WHERE chat_search MATCH ?1 AND owner_id = ?2 LIMIT 500)
     ORDER BY updated_at DESC LIMIT ?3`,
  )
    .bind(query, ownerId, limit)
    .all<Omit<ThreadSummary, "starred"> & { starred: number }>();
  return results.map((row) => ({ ...row, starred: row.starred === 1 }));
}
