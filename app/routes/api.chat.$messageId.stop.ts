import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { relayFor } from "~/.server/chat/relay";
import { ownedMessage } from "~/.server/chat/threads";
import { AppError, errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";

/** POST: stop an answer; what was produced so far is kept. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    const viewer = await getViewer(request, context);
    if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
    const message = await ownedMessage(context.env, viewer.accountId, params.messageId);
    if (message.status === "streaming") await relayFor(context.env, viewer.accountId).stop(message.id);
    return Response.json({ ok: true });
  } catch (error) {
    return errorResponse(error);
  }
}
