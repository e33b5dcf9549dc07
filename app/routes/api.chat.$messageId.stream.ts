import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { refundCredits } from "~/.server/credits";
import { finishAssistantMessage } from "~/.server/chat/messages";
import { ownedMessage } from "~/.server/chat/threads";
import { finishedStream, SSE_HEADERS } from "~/.server/chat/viewer";
import { AppError, errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";

/** GET: join an answer (after a reload or a dropped connection): what exists so far, then live pieces. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  try {
    const viewer = await getViewer(request, context);
    if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
    const message = await ownedMessage(context.env, viewer.accountId, params.messageId);
    if (message.status !== "streaming") return new Response(finishedStream(message), { headers: SSE_HEADERS });

    const relay = context.env.CHAT_RELAY.get(context.env.CHAT_RELAY.idFromName(message.id));
    const state = await relay.state();
    if (state.status === "idle") {
      // The relay lost its generation (evicted). Keep what was saved and say so; refund if nothing came.
      const outcome = await finishAssistantMessage(context.env, message.id, { status: "failed", errorCode: "chat/interrupted", onlyIfStreaming: true });
      if (outcome.updated && outcome.empty && message.creditKey) await refundCredits(context.env, viewer.accountId, message.creditKey);
      return new Response(finishedStream({ ...message, status: "failed", errorCode: "chat/interrupted" }), { headers: SSE_HEADERS });
    }
    const stream = await relay.fetch("https://relay/stream");
    return new Response(stream.body, { headers: SSE_HEADERS });
  } catch (error) {
    return errorResponse(error);
  }
}
