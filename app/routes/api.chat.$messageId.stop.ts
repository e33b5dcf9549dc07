import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { stopAnswer } from "~/.server/chat/threads";
import { AppError } from "~/.server/errors";
import { POST_ONLY, requireMethod } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** POST: stop an answer; what was produced so far is kept. */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  // Stopping takes no fields, so any body is ignored; only the method matters.
  requireMethod(request, POST_ONLY);
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
  await stopAnswer(context.env, viewer.accountId, params.messageId);
  return Response.json({ ok: true });
});
