// Threads as their owner sees them: open one with its messages, rename, star, delete, rate an answer, and find
// threads by title or message text. They live in the account's own object (decision 0026): the operations
// (thread-operations.ts) run there against its SQLite, and the exported functions call them. A thread id of another
// account reaches only the asker's own object, where it does not exist: "not found", and nothing of the other account
// is read or written.
import { accountObject, inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { deleteR2Keys } from "../storage/r2";
import { deleteShareOf } from "../share/links";
import { deleteThreadFiles } from "./thread-files";
import { HISTORY_PAGE_SIZE, type ThreadPage } from "./history";
import type { ProjectSummary } from "../../lib/projects";
import { toFtsQuery, type PageOptions, type ScreenOptions, type ThreadScreen } from "./thread-operations";

export type { MessageView, ThreadScreen } from "./thread-operations";

/** What a thread's page shows (chat.screen), in one call to the account's object; null when it has no such thread. */
export function threadScreen(env: AppEnv, ownerId: string, threadId: string, options: ScreenOptions): Promise<ThreadScreen | null> {
  return inAccount(env, ownerId, "chat.screen", { threadId, ...options });
}

export async function renameThread(env: AppEnv, ownerId: string, threadId: string, title: string) {
  if (!(await inAccount(env, ownerId, "chat.update", { threadId, title }))) throw new AppError("chat/not-found");
}

export async function starThread(env: AppEnv, ownerId: string, threadId: string, starred: boolean) {
  if (!(await inAccount(env, ownerId, "chat.update", { threadId, starred }))) throw new AppError("chat/not-found");
}

/**
 * Deletes a thread with one call to the account's object. Its files and its public link go first (cached speech,
 * voice notes, the share snapshot in D1), so a failure leaves a thread that can be deleted again rather than a link
 * to a deleted thread; both are found under this account only, so another account's thread id removes nothing. Then
 * the thread and its documents' rows, then their files (a failure there leaves files no row names).
 */
export async function deleteThread(env: AppEnv, ownerId: string, threadId: string) {
  await deleteThreadFiles(env, ownerId, threadId);
  await deleteShareOf(env, ownerId, threadId);
  const deleted = await inAccount(env, ownerId, "chat.delete", threadId);
  if (!deleted) throw new AppError("chat/not-found");
  await deleteR2Keys(env, deleted.documentKeys);
}

/** Like / dislike an answer; "none" clears it. Only the thread's owner can rate its answers. */
export async function rateMessage(env: AppEnv, ownerId: string, messageId: string, feedback: "like" | "dislike" | "none") {
  const rated = await inAccount(env, ownerId, "chat.rate", { messageId, feedback: feedback === "none" ? null : feedback });
  if (!rated) throw new AppError("chat/not-found");
}

/** Stops an answer being generated, keeping what came, in one call to the account's object; 404 when it has no such message. */
export async function stopAnswer(env: AppEnv, ownerId: string, messageId: string): Promise<void> {
  if (!(await accountObject(env, ownerId).stopAnswer(messageId))) throw new AppError("chat/not-found");
}

/**
 * One of the account's answers as Server-Sent Events, in one call to its object (Account.joinAnswer, which runs
 * joinInAccount): 404 when the account has no such message (another account's id reaches only the asker's object).
 */
export async function joinAnswer(env: AppEnv, ownerId: string, messageId: string): Promise<ReadableStream<Uint8Array>> {
  const stream = await accountObject(env, ownerId).joinAnswer(messageId);
  if (!stream) throw new AppError("chat/not-found");
  return stream;
}

/** A page of history, newest first. The cursor is "<updatedAt>.<id>" of the last thread of the previous page. */
export async function pageThreads(env: AppEnv, ownerId: string, options: PageOptions): Promise<ThreadPage> {
  return inAccount(env, ownerId, "chat.page", options);
}

/** The history panel's lists (all and starred) in one call to the account's object. */
export async function historyPanel(env: AppEnv, ownerId: string): Promise<{ all: ThreadPage; starred: ThreadPage; projects: ProjectSummary[] }> {
  return inAccount(env, ownerId, "chat.historyPanel");
}

/** A page of the threads whose title or any message matches, newest first; `cursor` is the previous page's nextCursor. */
export async function searchThreads(env: AppEnv, ownerId: string, text: string, cursor?: string): Promise<ThreadPage> {
  const query = toFtsQuery(text);
  if (!query) return { threads: [], nextCursor: null };
  return inAccount(env, ownerId, "chat.search", { query, limit: HISTORY_PAGE_SIZE, text, cursor });
}
