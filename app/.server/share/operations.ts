// Share links inside the account's own object (decision 0015, 0026): the snapshot a link copies out of the owner's
// thread, and the visitor's copy of a snapshot ("Continue this chat"). Run by share/links.ts and share/public.ts
// through the account's client.
import { resolveCitation } from "../../lib/citations";
import { existingIds } from "../account/existing-ids";
import { accountSchema, type AccountContext } from "../account/schema";
import { readableThread } from "../chat/export-operations";
import { documentOperations, documentView, threadDocumentViews } from "../documents/operations";
import { projectOfThread } from "../projects/chats";
import { projectDocuments } from "../projects/operations";

export interface SharedMessage {
  position: number;
  role: "user" | "assistant";
  content: string;
  model: string | null;
  attachmentId: string | null;
  createdAt: number;
}

export const shareOperations = {
  /**
   * What a snapshot of the thread holds (chat/export.ts readableThread), read inside the owner's object. A message keeps
   * its attachment only when it is a photo (an upload), which the shared page shows; a document stays the owner's, and
   * only the pages its answers cite open through the link (`share.citedPage`).
   */
  "share.snapshot": ({ db }: AccountContext, threadId: string) => {
    const thread = readableThread(db, threadId);
    if (!thread) return null;
    const attached = thread.messages.flatMap((message) => (message.attachmentId ? [message.attachmentId] : []));
    const photos = existingIds(db, accountSchema.uploads, attached);
    return {
      ...thread,
      messages: thread.messages.map((message) => (message.attachmentId && !photos.has(message.attachmentId) ? { ...message, attachmentId: null } : message)),
    };
  },
  /**
   * The page a shared answer cites, from the file it names as the owner's thread page would open it: the thread's own
   * documents and, for a project chat, the project's files as they are now (a file removed since is not found). The
   * caller (share/public.ts) has checked that the snapshot cites this name and page; nothing else of the project is
   * read or answered.
   */
  "share.citedPage": (account: AccountContext, input: { threadId: string; name: string | null; number: number }) => {
    const { db } = account;
    const project = projectOfThread(db, input.threadId);
    const views = [...(project ? projectDocuments(db, project.id).map(documentView) : []), ...Object.values(threadDocumentViews(db, input.threadId))];
    const found = resolveCitation({ name: input.name, page: input.number }, views);
    if (!found) return null;
    const page = documentOperations["documents.page"](account, { id: found.id, number: input.number });
    // Only the file's name and the page: not its id, size or anything that locates the owner's other files.
    return page ? { document: { name: page.document.name, pages: page.document.pages }, page: page.page } : null;
  },
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
