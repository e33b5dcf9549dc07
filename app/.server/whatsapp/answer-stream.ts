// Reads a chat answer's Server-Sent Events (the relay's snapshot / delta / thinking / done events) to its end, for a
// reader that wants the whole answer rather than its pieces.

export interface ChatStreamDone {
  status: "complete" | "failed" | "stopped";
  errorCode: string | null;
  text: string;
}

export async function readAnswer(stream: ReadableStream<Uint8Array>): Promise<ChatStreamDone> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      const event = JSON.parse(data) as { type: string; text?: string; status?: ChatStreamDone["status"]; errorCode?: string | null };
      if (event.type === "snapshot") text = event.text ?? "";
      else if (event.type === "delta") text += event.text ?? "";
      else if (event.type === "done") {
        await reader.cancel().catch(() => undefined);
        return { status: event.status ?? "failed", errorCode: event.errorCode ?? null, text: event.text ?? text };
      }
    }
  }
  // The stream ended without its final event: whatever came is kept, and it counts as interrupted.
  return { status: "failed", errorCode: "chat/interrupted", text };
}
