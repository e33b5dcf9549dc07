import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { rateMessage } from "~/.server/chat/threads";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { feedbackSchema } from "~/lib/schemas/chat";

/** POST: like / dislike an answer ("none" clears it). */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
  const parsed = feedbackSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new AppError("request/invalid");
  await rateMessage(context.env, viewer.accountId, params.messageId, parsed.data.feedback);
  return Response.json({ ok: true, feedback: parsed.data.feedback });
});
