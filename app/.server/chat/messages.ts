// Writes to chat messages made while an answer streams. Kept apart so the relay and the routes share them.
import { and, eq, gt } from "drizzle-orm";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";

export async function saveAssistantProgress(env: AppEnv, messageId: string, content: string) {
  await getDb(env)
    .update(schema.chatMessages)
    .set({ content, updatedAt: Date.now() })
    .where(and(eq(schema.chatMessages.id, messageId), eq(schema.chatMessages.status, "streaming")));
}

/** Final state of an answer. `onlyIfStreaming` leaves a message alone that was already finished elsewhere. */
export async function finishAssistantMessage(
  env: AppEnv,
  messageId: string,
  outcome: { status: "complete" | "failed" | "stopped"; errorCode: string | null; content?: string; onlyIfStreaming?: boolean },
): Promise<{ updated: boolean; empty: boolean }> {
  const { chatMessages, chatThreads } = schema;
  const db = getDb(env);
  const now = Date.now();
  const rows = await db
    .update(chatMessages)
    .set({
      status: outcome.status,
      errorCode: outcome.errorCode,
      updatedAt: now,
      ...(outcome.content !== undefined ? { content: outcome.content } : {}),
    })
    .where(outcome.onlyIfStreaming ? and(eq(chatMessages.id, messageId), eq(chatMessages.status, "streaming")) : eq(chatMessages.id, messageId))
    .returning({ threadId: chatMessages.threadId, content: chatMessages.content });
  const row = rows[0];
  if (!row) return { updated: false, empty: false };
  await db.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, row.threadId));
  return { updated: true, empty: row.content.length === 0 };
}

/**
 * The rows a turn writes, applied by the relay in one D1 batch while the upstream call is already under way
 * (writing first would put every one of these round trips in front of the first token).
 */
export interface TurnWrites {
  threadId: string;
  newThread?: { ownerId: string; tool: string; toolPath: string | null; title: string; channel: "web" | "whatsapp" };
  question?: { id: string; content: string; attachmentId: string | null };
  /** Regenerate / edit: drop what followed the last question, optionally with its new text. */
  rewind?: { questionId: string; questionCreatedAt: number; newText?: string };
  answer: { id: string; model: string; creditKey: string };
  now: number;
}

export async function applyTurnWrites(env: AppEnv, writes: TurnWrites) {
  const { chatMessages, chatThreads } = schema;
  const db = getDb(env);
  const { threadId, now } = writes;
  const statements = [];
  if (writes.newThread) statements.push(db.insert(chatThreads).values({ id: threadId, ...writes.newThread, createdAt: now, updatedAt: now }));
  if (writes.question) statements.push(db.insert(chatMessages).values({ ...writes.question, threadId, role: "user", createdAt: now, updatedAt: now }));
  if (writes.rewind) {
    statements.push(db.delete(chatMessages).where(and(eq(chatMessages.threadId, threadId), gt(chatMessages.createdAt, writes.rewind.questionCreatedAt))));
    if (writes.rewind.newText !== undefined) {
      statements.push(db.update(chatMessages).set({ content: writes.rewind.newText, updatedAt: now }).where(eq(chatMessages.id, writes.rewind.questionId)));
    }
  }
  statements.push(
    db.insert(chatMessages).values({ ...writes.answer, threadId, role: "assistant", status: "streaming", createdAt: now + 1, updatedAt: now + 1 }),
    db.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, threadId)),
  );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}
