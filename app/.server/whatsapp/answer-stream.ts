// Reads a chat answer's event stream (app/lib/chat-events.ts) to its end, for a reader that wants the whole answer
// rather than its pieces (WhatsApp sends it as one message).
import { readEvents, type AnswerStatus } from "../../lib/chat-events";

export interface ChatStreamDone {
  status: AnswerStatus;
  errorCode: string | null;
  text: string;
}

export async function readAnswer(stream: ReadableStream<Uint8Array>): Promise<ChatStreamDone> {
  let text = "";
  let final: ChatStreamDone | null = null;
  await readEvents(stream, (event) => {
    if (event.type === "snapshot") text = event.text;
    else if (event.type === "delta") text += event.text;
    else if (event.type === "done") final = { status: event.status, errorCode: event.errorCode, text: event.text };
  });
  // A stream that ended without its final event: whatever came is kept, and it counts as interrupted.
  return final ?? { status: "failed", errorCode: "chat/interrupted", text };
}
