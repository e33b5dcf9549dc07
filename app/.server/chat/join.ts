// Joining an answer: the saved answer when it is finished, otherwise the relay's live stream (an answer the relay
// resumed after an eviction included). One the relay no longer holds leaves the saved part, marked interrupted, and
// the credit back if nothing came.
import { eq } from "drizzle-orm";
import type { ChatMessage } from "../../../db/account-schema";
import { encodeEvent, type AnswerStatus, type ChatStreamEvent } from "../../lib/chat-events";
import { accountSchema, type AccountContext } from "../account/schema";
import { endInterruptedAnswer, type TurnCharge } from "./turn-store";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
} as const;

/** An SSE body for a finished message read from the account's storage (no relay needed). */
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

/** Where an answer is joined: its object's live stream, and the end of one that object no longer holds. */
export interface AnswerSource {
  join(messageId: string): Promise<ReadableStream<Uint8Array> | null>;
  endInterrupted(input: { messageId: string; charge?: TurnCharge }): Promise<ChatMessage | null>;
}

/** Inside the account's object: its message read, its relay joined or the answer ended there; null when there is none. */
export async function joinInAccount(account: AccountContext, relay: Pick<AnswerSource, "join">, messageId: string): Promise<ReadableStream<Uint8Array> | null> {
  const { chatMessages } = accountSchema;
  const message = account.db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).get();
  return message ? joinMessage(account, relay, message) : null;
}

/** Inside the account's object: a message's answer joined live, or as it ended (a join, and a retried turn in turn-begin.ts). */
export function joinMessage(account: AccountContext, relay: Pick<AnswerSource, "join">, message: ChatMessage): Promise<ReadableStream<Uint8Array>> {
  const source: AnswerSource = { join: (id) => relay.join(id), endInterrupted: (input) => endInterruptedAnswer(account, input) };
  return joinFrom(source, account.accountId, message);
}

/** Joining a message's answer inside the account's object: for a join (joinInAccount) and a retried turn (chat/turn-begin.ts). */
export async function joinFrom(source: AnswerSource, ownerId: string, message: ChatMessage): Promise<ReadableStream<Uint8Array>> {
  if (message.status !== "streaming") return finishedStream(message);
  const live = await source.join(message.id);
  if (live) return live;
  // Not generating any more: it just finished (its row has the answer now) or the relay lost it without a trace.
  const charge = message.creditKey ? { ownerId, creditKey: message.creditKey } : undefined;
  const saved = await source.endInterrupted({ messageId: message.id, charge });
  return finishedStream(saved ?? { ...message, status: "failed", errorCode: "chat/interrupted" });
}
