// The chat routes' view of who is asking: visitors get a guest id the first time they need one.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getViewer, issueGuestId, type Viewer } from "../identity";

export interface ActingViewer {
  viewer: Viewer;
  accountId: string;
  /** Set when a guest id was just made; the response must carry it. */
  setCookie: string | null;
}

export async function actingViewer(request: Request, context: AppLoadContext): Promise<ActingViewer> {
  const viewer = await getViewer(request, context);
  if (viewer.accountId) return { viewer, accountId: viewer.accountId, setCookie: null };
  const guest = await issueGuestId(request, context.config);
  return { viewer, accountId: guest.guestId, setCookie: guest.setCookie };
}

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
} as const;

/** An SSE body for a finished message read from D1 (no relay needed). */
export function finishedStream(message: { content: string; status: string; errorCode: string | null }): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const events = [
    { type: "snapshot", text: message.content, thinking: false },
    { type: "done", status: message.status, errorCode: message.errorCode, text: message.content },
  ];
  return new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      controller.close();
    },
  });
}
