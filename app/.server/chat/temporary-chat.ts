// A temporary chat (decision 0027): no thread or message is ever written, so the page sends the conversation
// so far with each turn, and it stands in for the loaded thread a saved chat continues. Regenerate and edit then work
// as in any chat, on what the page sent.
import type { ChatRequest } from "../../lib/schemas/chat";
import { AppError } from "../errors";
import type { LoadedThread } from "./turn/inputs";

export function temporaryThread(ownerId: string, request: ChatRequest, now: number): NonNullable<LoadedThread> {
  // Only the chat has temporary conversations; its turns name no saved thread.
  if (request.threadId || request.tool !== "web-main") throw new AppError("request/invalid");
  const history = request.history ?? [];
  const thread = {
    id: crypto.randomUUID(),
    ownerId,
    tool: "web-main",
    toolPath: null,
    title: "",
    starred: false,
    channel: "web" as const,
    fromShare: false,
    createdAt: now,
    updatedAt: now,
  };
  const messages = history.map((message, index) => ({
    id: crypto.randomUUID(),
    threadId: thread.id,
    role: message.role,
    content: message.content,
    model: null,
    status: "complete" as const,
    errorCode: null,
    feedback: null,
    attachmentId: null,
    creditKey: null,
    createdAt: now - history.length + index,
    updatedAt: now,
  }));
  return { thread, messages };
}
