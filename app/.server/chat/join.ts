// Joining an answer: the saved answer when it is finished, otherwise the relay's live stream (an answer the relay
// resumed after an eviction included). One the relay no longer holds leaves the saved part, marked interrupted, and
// the credit back if nothing came.
import { eq } from "drizzle-orm";
import type { ChatMessage } from "../../../db/schema";
import { encodeEvent, type AnswerStatus, type ChatStreamEvent } from "../../lib/chat-events";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { relayFor } from "./relay";
import { endInterrupted } from "./turn-store";

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
} as const;

/** An SSE body for a finished message read from D1 (no relay needed). */
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

/** The answer to `message` as Server-Sent Events: live from its relay while it is being generated, else from D1. */
export async function joinAnswer(env: AppEnv, ownerId: string, message: ChatMessage): Promise<ReadableStream<Uint8Array>> {
  if (message.status !== "streaming") return finishedStream(message);
  const live = await relayFor(env, ownerId).join(message.id);
  if (live) return live;
  // Not generating any more: it just finished (D1 has the answer now) or the relay lost it without a trace.
  await endInterrupted(env, message.id, message.creditKey ? { ownerId, creditKey: message.creditKey } : undefined);
  const saved = await getDb(env).query.chatMessages.findFirst({ where: eq(schema.chatMessages.id, message.id) });
  return finishedStream(saved ?? { ...message, status: "failed", errorCode: "chat/interrupted" });
}
