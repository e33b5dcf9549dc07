// A thread as an export or a share snapshot reads it, inside the account's own object (decision 0026): every
// question, and answers that finished or were stopped with text. Run by chat/export.ts through the account's client.
import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";

/** The messages an export or a share snapshot keeps: every question, and answers that finished or stopped with text. */
export const readableMessage = or(
  eq(accountSchema.chatMessages.role, "user"),
  and(inArray(accountSchema.chatMessages.status, ["complete", "stopped"]), ne(accountSchema.chatMessages.content, "")),
);

/** The thread and the messages an export or a share snapshot keeps, read inside the account's object. */
export function readableThread(db: AccountDb, threadId: string) {
  const { chatThreads, chatMessages } = accountSchema;
  const thread = db.select().from(chatThreads).where(eq(chatThreads.id, threadId)).get();
  if (!thread) return null;
  const messages = db
    .select({
      role: chatMessages.role,
      content: chatMessages.content,
      model: chatMessages.model,
      attachmentId: chatMessages.attachmentId,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.threadId, threadId), readableMessage))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .all();
  return { thread: { title: thread.title, createdAt: thread.createdAt }, messages };
}

export const exportOperations = {
  "chat.exportable": ({ db }: AccountContext, threadId: string) => readableThread(db, threadId),
};
