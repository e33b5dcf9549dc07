// Share links inside the account's own object (decision 0015, 0026): the snapshot a link copies out of the owner's
// thread, and the visitor's copy of a snapshot ("Continue this chat"). Run by share/links.ts and share/public.ts
// through the account's client.
import { accountSchema, type AccountContext } from "../account/schema";
import { readableThread } from "../chat/export-operations";

export interface SharedMessage {
  position: number;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  attachmentId: string | null;
  createdAt: number;
}

export const shareOperations = {
  /** What a snapshot of the thread holds (chat/export.ts readableThread), read inside the owner's object. */
  "share.snapshot": ({ db }: AccountContext, threadId: string) => readableThread(db, threadId),
};

export const continueShareOperations = {
  /** The visitor's copy of a snapshot: a new chat-tool thread in their own object, its messages as they were shared. */
  "share.copyInto": ({ db, accountId }: AccountContext, input: { title: string; messages: SharedMessage[]; fromShare: boolean; now: number }): string => {
    const { chatThreads, chatMessages } = accountSchema;
    const threadId = crypto.randomUUID();
    db.transaction((tx) => {
      tx.insert(chatThreads)
        .values({
          id: threadId,
          ownerId: accountId,
          tool: "web-main",
          title: input.title,
          fromShare: input.fromShare,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .run();
      for (const message of input.messages) {
        tx.insert(chatMessages)
          .values({
            id: crypto.randomUUID(),
            threadId,
            role: message.role,
            content: message.content,
            model: message.model,
            status: "complete",
            attachmentId: message.attachmentId,
            createdAt: message.createdAt,
            updatedAt: input.now,
          })
          .run();
      }
    });
    return threadId;
  },
};
