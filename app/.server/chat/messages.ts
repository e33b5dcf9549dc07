// Writes to chat messages made while an answer streams. They run inside the account's own object (decision 0026),
// synchronously against its SQLite, through the object's turn store (turn/store.ts). Nothing here touches D1, so an
// answer streaming writes nothing shared.
import { and, eq, gt } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";
import { bindDocumentToThread } from "../documents/passages";
import { joinProject } from "../projects/chats";

export function saveAssistantProgress(db: AccountDb, messageId: string, content: string) {
  const { chatMessages } = accountSchema;
  db.update(chatMessages)
    .set({ content, updatedAt: Date.now() })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, "streaming")))
    .run();
}

/** An answer's text as last saved: the row is its only copy while it streams (docs/decisions/0022); "" without a row. */
export function savedAnswerText(db: AccountDb, messageId: string): string {
  const { chatMessages } = accountSchema;
  return db.select({ content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.id, messageId)).get()?.content ?? "";
}

/** Final state of an answer. `onlyIfStreaming` leaves a message alone that was already finished elsewhere. */
export function finishAssistantMessage(
  db: AccountDb,
  messageId: string,
  outcome: { status: "complete" | "failed" | "stopped"; errorCode: string | null; content?: string; onlyIfStreaming?: boolean },
): { updated: boolean; empty: boolean } {
  const { chatMessages, chatThreads } = accountSchema;
  const now = Date.now();
  const row = db
    .update(chatMessages)
    .set({
      status: outcome.status,
      errorCode: outcome.errorCode,
      updatedAt: now,
      ...(outcome.content !== undefined ? { content: outcome.content } : {}),
    })
    .where(outcome.onlyIfStreaming ? and(eq(chatMessages.id, messageId), eq(chatMessages.status, "streaming")) : eq(chatMessages.id, messageId))
    .returning({ threadId: chatMessages.threadId, content: chatMessages.content })
    .get();
  if (!row) return { updated: false, empty: false };
  db.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, row.threadId)).run();
  return { updated: true, empty: row.content.length === 0 };
}

/**
 * The rows a turn writes, applied by the turn's runner in one transaction of its own storage while the upstream call is
 * already under way (writing first would put them in front of the first token).
 */
export interface TurnWrites {
  threadId: string;
  newThread?: { ownerId: string; tool: string; toolPath: string | null; title: string; channel: "web" | "whatsapp" };
  question?: { id: string; content: string; attachmentId: string | null };
  /** Regenerate / edit: drop what followed the last question, optionally with its new text. */
  rewind?: { questionId: string; questionCreatedAt: number; newText?: string };
  answer: { id: string; model: string; creditKey: string };
  /** A document the question attaches, bound to this thread with the turn's rows (documents/passages.ts). */
  attachedDocumentId?: string;
  /** A new chat started in a project joins it (decision 0038-projects). */
  projectId?: string;
  now: number;
}

export function applyTurnWrites(db: AccountDb, writes: TurnWrites) {
  const { chatMessages, chatThreads } = accountSchema;
  const { threadId, now } = writes;
  db.transaction((tx) => {
    if (writes.newThread)
      tx.insert(chatThreads)
        .values({ id: threadId, ...writes.newThread, createdAt: now, updatedAt: now })
        .run();
    if (writes.question)
      tx.insert(chatMessages)
        .values({ ...writes.question, threadId, role: "user", createdAt: now, updatedAt: now })
        .run();
    if (writes.rewind) {
      tx.delete(chatMessages)
        .where(and(eq(chatMessages.threadId, threadId), gt(chatMessages.createdAt, writes.rewind.questionCreatedAt)))
        .run();
      if (writes.rewind.newText !== undefined) {
        tx.update(chatMessages).set({ content: writes.rewind.newText, updatedAt: now }).where(eq(chatMessages.id, writes.rewind.questionId)).run();
      }
    }
    tx.insert(chatMessages)
      .values({ ...writes.answer, threadId, role: "assistant", status: "streaming", createdAt: now + 1, updatedAt: now + 1 })
      .run();
    tx.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, threadId)).run();
    if (writes.attachedDocumentId) bindDocumentToThread(tx, writes.attachedDocumentId, threadId);
    if (writes.projectId && writes.newThread) joinProject(tx, threadId, writes.projectId, now);
  });
}
