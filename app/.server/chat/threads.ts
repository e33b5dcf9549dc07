// Threads as their owner sees them: open one with its messages, rename, star, delete, rate an answer, and find
// threads by title or message text. They live in the account's own object (decision 0026): the operations below run
// there against its SQLite, and the exported functions call them. A thread id of another account reaches only the
// asker's own object, where it does not exist: "not found", and nothing of the other account is read or written.
import { and, asc, desc, eq, lt, or, sql } from "drizzle-orm";
import type { ChatMessage } from "../../../db/account-schema";
import { inAccount } from "../account/client";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { deleteThreadDocuments } from "../documents/store";
import { deleteShareOf } from "../share/links";
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

interface PageOptions {
  starredOnly?: boolean;
  /** "<updatedAt>:<id>" of the last thread of the previous page. */
  cursor?: string;
  limit?: number;
}

const { chatThreads, chatMessages, voiceNotes } = accountSchema;

function threadRow(db: AccountDb, threadId: string) {
  return db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get();
}

/** A page of history, newest first (the index chat_threads_updated, or chat_threads_starred_updated). */
export function historyPage(db: AccountDb, options: PageOptions): ThreadPage {
  const limit = options.limit ?? HISTORY_PAGE_SIZE;
  const [cursorTime, cursorId] = (options.cursor ?? "").split(":");
  const afterCursor =
    cursorTime && cursorId
      ? or(lt(chatThreads.updatedAt, Number(cursorTime)), and(eq(chatThreads.updatedAt, Number(cursorTime)), lt(chatThreads.id, cursorId)))
      : undefined;
  const rows = db
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
    .where(and(options.starredOnly ? eq(chatThreads.starred, true) : undefined, afterCursor))
    .orderBy(desc(chatThreads.updatedAt), desc(chatThreads.id))
    .limit(limit + 1)
    .all();
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

/** Threads whose title or any message matches the FTS5 `query` (toFtsQuery), newest first. */
export function searchIn(db: AccountDb, query: string, limit: number): ThreadSummary[] {
  const rows = db.all<Omit<ThreadSummary, "starred"> & { starred: number }>(
    sql`SELECT id, title, tool, tool_path AS toolPath, starred, channel, updated_at AS updatedAt FROM chat_threads
        WHERE id IN (SELECT DISTINCT thread_id FROM chat_search WHERE chat_search MATCH ${query} LIMIT 500)
        ORDER BY updated_at DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, starred: row.starred === 1 }));
}

export const threadOperations = {
  "chat.open": ({ db }: AccountContext, threadId: string) => {
    const thread = threadRow(db, threadId);
    if (!thread) return null;
    const messages: MessageView[] = db
      .select({
        id: chatMessages.id,
        role: chatMessages.role,
        content: chatMessages.content,
        model: chatMessages.model,
        status: chatMessages.status,
        errorCode: chatMessages.errorCode,
        feedback: chatMessages.feedback,
        attachmentId: chatMessages.attachmentId,
        voiceNote: sql<boolean>`${voiceNotes.messageId} IS NOT NULL`.mapWith(Boolean),
        createdAt: chatMessages.createdAt,
      })
      .from(chatMessages)
      .leftJoin(voiceNotes, eq(voiceNotes.messageId, chatMessages.id))
      .where(eq(chatMessages.threadId, threadId))
      .orderBy(asc(chatMessages.createdAt))
      .all();
    return { thread: { id: thread.id, title: thread.title, starred: thread.starred, tool: thread.tool, toolPath: thread.toolPath }, messages };
  },
  "chat.exists": ({ db }: AccountContext, threadId: string): boolean => threadRow(db, threadId) !== undefined,
  "chat.page": ({ db }: AccountContext, options: PageOptions): ThreadPage => historyPage(db, options),
  /** The history panel's two lists (all, starred) in one call: the layout asks for both on every full page load. */
  "chat.historyPanel": ({ db }: AccountContext): { all: ThreadPage; starred: ThreadPage } => ({
    all: historyPage(db, {}),
    starred: historyPage(db, { starredOnly: true }),
  }),
  /** Threads whose title or any message matches, newest first; the matching ids stay inside SQLite. */
  "chat.search": ({ db }: AccountContext, input: { query: string; limit: number }): ThreadSummary[] => searchIn(db, input.query, input.limit),
  "chat.update": ({ db }: AccountContext, input: { threadId: string; title?: string; starred?: boolean }): boolean =>
    db.update(chatThreads).set({ title: input.title, starred: input.starred }).where(eq(chatThreads.id, input.threadId)).returning({ id: chatThreads.id }).all()
      .length > 0,
  /** Messages go with the thread (foreign key cascade), and the search index with them (triggers). */
  "chat.delete": ({ db }: AccountContext, threadId: string): void => {
    db.delete(chatThreads).where(eq(chatThreads.id, threadId)).run();
  },
  "chat.deleteAll": ({ db }: AccountContext): number => db.delete(chatThreads).returning({ id: chatThreads.id }).all().length,
  "chat.rate": ({ db }: AccountContext, input: { messageId: string; feedback: "like" | "dislike" | null }): boolean =>
    db
      .update(chatMessages)
      .set({ feedback: input.feedback })
      .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.role, "assistant")))
      .returning({ id: chatMessages.id })
      .all().length > 0,
  "chat.message": ({ db }: AccountContext, messageId: string): ChatMessage | null =>
    db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).get() ?? null,
};

export async function openThread(env: AppEnv, ownerId: string, threadId: string) {
  const opened = await inAccount(env, ownerId, "chat.open", threadId);
  if (!opened) throw new AppError("chat/not-found");
  return opened;
}

export async function renameThread(env: AppEnv, ownerId: string, threadId: string, title: string) {
  if (!(await inAccount(env, ownerId, "chat.update", { threadId, title }))) throw new AppError("chat/not-found");
}

export async function starThread(env: AppEnv, ownerId: string, threadId: string, starred: boolean) {
  if (!(await inAccount(env, ownerId, "chat.update", { threadId, starred }))) throw new AppError("chat/not-found");
}

export async function deleteThread(env: AppEnv, ownerId: string, threadId: string) {
  if (!(await inAccount(env, ownerId, "chat.exists", threadId))) throw new AppError("chat/not-found");
  // Its files and its public link first (cached speech, voice notes, the share snapshot in D1), so a failure leaves
  // a thread that can be deleted again rather than a link to a deleted thread.
  await deleteThreadFiles(env, ownerId, threadId);
  await deleteThreadDocuments(env, ownerId, threadId);
  await deleteShareOf(env, ownerId, threadId);
  await inAccount(env, ownerId, "chat.delete", threadId);
}

/** Like / dislike an answer; "none" clears it. Only the thread's owner can rate its answers. */
export async function rateMessage(env: AppEnv, ownerId: string, messageId: string, feedback: "like" | "dislike" | "none") {
  const rated = await inAccount(env, ownerId, "chat.rate", { messageId, feedback: feedback === "none" ? null : feedback });
  if (!rated) throw new AppError("chat/not-found");
}

/** The message if the viewer owns it (used before joining or stopping a stream). */
export async function ownedMessage(env: AppEnv, ownerId: string, messageId: string): Promise<ChatMessage> {
  const message = await inAccount(env, ownerId, "chat.message", messageId);
  if (!message) throw new AppError("chat/not-found");
  return message;
}

/** A page of history, newest first. The cursor is "<updatedAt>:<id>" of the last thread of the previous page. */
export async function pageThreads(env: AppEnv, ownerId: string, options: PageOptions): Promise<ThreadPage> {
  return inAccount(env, ownerId, "chat.page", options);
}

/** The history panel's lists (all and starred) in one call to the account's object. */
export async function historyPanel(env: AppEnv, ownerId: string): Promise<{ all: ThreadPage; starred: ThreadPage }> {
  return inAccount(env, ownerId, "chat.historyPanel");
}

/** Threads whose title or any message matches, newest first. */
export async function searchThreads(env: AppEnv, ownerId: string, text: string, limit = HISTORY_PAGE_SIZE): Promise<ThreadSummary[]> {
  const query = toFtsQuery(text);
  if (!query) return [];
  return inAccount(env, ownerId, "chat.search", { query, limit });
}
