// Joining an answer: the saved answer when it is finished, otherwise the relay's live stream (an answer the relay
// resumed after an eviction included). One the relay no longer holds leaves the saved part, marked interrupted, and
// the credit back if nothing came.
import type { ChatMessage } from "../../../db/account-schema";
import { encodeEvent, type AnswerStatus, type ChatStreamEvent } from "../../lib/chat-events";
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { relayFor } from "./relay";
import type { TurnCharge } from "./turn-store";

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

/** The answer to `message` as Server-Sent Events: live from its relay while it is being generated, else as stored. */
export async function joinAnswer(env: AppEnv, ownerId: string, message: ChatMessage): Promise<ReadableStream<Uint8Array>> {
  return joinFrom(
    {
      join: (messageId) => relayFor(env, ownerId).join(messageId),
      endInterrupted: (input) => inAccount(env, ownerId, "chat.endInterrupted", input),
    },
    ownerId,
    message,
  );
}

/** joinAnswer's steps, from outside the account's object or (a retried turn, chat/turn-begin.ts) inside it. */
export async function joinFrom(source: AnswerSource, ownerId: string, message: ChatMessage): Promise<ReadableStream<Uint8Array>> {
  if (message.status !== "streaming") return finishedStream(message);
  const live = await source.join(message.id);
  if (live) return live;
  // Not generating any more: it just finished (its row has the answer now) or the relay lost it without a trace.
  const charge = message.creditKey ? { ownerId, creditKey: message.creditKey } : undefined;
  const saved = await source.endInterrupted({ messageId: message.id, charge });
  return finishedStream(saved ?? { ...message, status: "failed", errorCode: "chat/interrupted" });
}
