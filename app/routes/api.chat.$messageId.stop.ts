import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ownedMessage } from "~/.server/chat/threads";
import { AppError, errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";

/** POST: stop an answer; what was produced so far is kept. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    const viewer = await getViewer(request, context);
    if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
    const message = await ownedMessage(context.env, viewer.accountId, params.messageId);
    if (message.status === "streaming") await context.env.CHAT_RELAY.get(context.env.CHAT_RELAY.idFromName(message.id)).stop();
    return Response.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
