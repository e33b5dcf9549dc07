// Joining an answer: the saved answer when it is finished, otherwise the runner's live stream (an answer the runner
// resumed after an eviction included). One the runner no longer holds leaves the saved part, marked interrupted, and
// the credit back if nothing came (the runner settles it, turn/runner.ts endLost).
import { eq } from "drizzle-orm";
import type { ChatMessage } from "../../../db/account-schema";
import { encodeEvent, type AnswerStatus, type ChatStreamEvent } from "../../lib/chat-events";
import { accountSchema, type AccountContext } from "../account/schema";
import type { TurnRunner } from "./turn/runner";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
} as const;

/** An SSE body for a finished message read from the account's storage (no runner needed). */
export function finishedStream(message: { content: string; status: AnswerStatus | "streaming"; errorCode: string | null }): ReadableStream<Uint8Array> {
  // Only called for a finished message; a row still marked streaming is reported as interrupted.
  const status: AnswerStatus = message.status === "streaming" ? "failed" : message.status;
  const events: ChatStreamEvent[] = [
    { type: "snapshot", text: message.content, thinking: false },
    { type: "done", status, errorCode: message.status === "streaming" ? "chat/interrupted" : message.errorCode, text: message.content },
  ];
  return new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(encodeEvent(event));
      controller.close();
    },
  });
}

/** What joining needs of the object's runner: its live stream, and the end of an answer it no longer holds. */
type AnswerSource = Pick<TurnRunner, "join" | "endLost">;

/** Inside the account's object: its message read, its runner joined or the answer ended there; null when there is none. */
export async function joinInAccount(account: AccountContext, runner: AnswerSource, messageId: string): Promise<ReadableStream<Uint8Array> | null> {
  const message = readMessage(account, messageId);
  return message ? joinMessage(account, runner, message) : null;
}

const readMessage = ({ db }: AccountContext, messageId: string) =>
  db.select().from(accountSchema.chatMessages).where(eq(accountSchema.chatMessages.id, messageId)).get();

/** Inside the account's object: a message's answer joined live, or as it ended (a join, and a retried turn in turn/begin.ts). */
export async function joinMessage(account: AccountContext, runner: AnswerSource, message: ChatMessage): Promise<ReadableStream<Uint8Array>> {
  if (message.status !== "streaming") return finishedStream(message);
  const live = await runner.join(message.id);
  if (live) return live;
  // Not generating any more: it just finished (its row has the answer now) or the runner lost it without a trace.
  await runner.endLost(message.id, message.creditKey ? { ownerId: account.accountId, creditKey: message.creditKey } : undefined);
  const saved = readMessage(account, message.id);
  return finishedStream(saved ?? { ...message, status: "failed", errorCode: "chat/interrupted" });
}
