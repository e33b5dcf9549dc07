// The events of a chat answer's Server-Sent Events stream: one definition for the writers (the account's turn runner and the
// saved-answer reader on the server) and every reader (the browser, the WhatsApp channel, the tests).
import type { MemoryNote } from "./memory";

export type AnswerStatus = "complete" | "failed" | "stopped";

export type ChatStreamEvent =
  /** What was produced before this reader joined (empty for a new answer); `thinking` while a model reasons. */
  | { type: "snapshot"; text: string; thinking: boolean }
  /** The next piece of the answer. */
  | { type: "delta"; text: string }
  /** The model started reasoning (its text is never shown). */
  | { type: "thinking" }
  /** The answer is over and saved: its final status and whole text (and what memory did for it, decision 0027). */
  | { type: "done"; status: AnswerStatus; errorCode: string | null; text: string; memory?: MemoryNote };

const encoder = new TextEncoder();

/** One event as an SSE `data:` block. */
export function encodeEvent(event: ChatStreamEvent): Uint8Array {
  return encoder.encode(`data: ${JSON.stringify(event)}\n\n`);
}

/**
 * Reads an SSE body and calls `onEvent` for each event as soon as its bytes arrive. Resolves true when the stream
 * carried its final "done" event (false: it ended early).
 */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ChatStreamEvent) => void): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let finished = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      for (const line of block.split("\n")) {
        if (!line.startsWith("data: ")) continue;
        const event = JSON.parse(line.slice(6)) as ChatStreamEvent;
        if (event.type === "done") finished = true;
        onEvent(event);
      }
      boundary = buffer.indexOf("\n\n");
    }
  }
  return finished;
}
