// Writes to chat messages made while an answer streams. Kept apart so the relay and the routes share them.
import { and, eq } from "drizzle-orm";
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
