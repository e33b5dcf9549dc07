import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { rateMessage } from "~/.server/chat/threads";
import { AppError, errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";
import { feedbackSchema } from "~/lib/schemas/chat";

/** POST: like / dislike an answer ("none" clears it). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    const viewer = await getViewer(request, context);
    if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
    const parsed = feedbackSchema.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success) throw new AppError("request/invalid");
    await rateMessage(context.env, viewer.accountId, params.messageId, parsed.data.feedback);
    return Response.json({ ok: true, feedback: parsed.data.feedback });
  } catch (error) {
    return errorResponse(error);
  }
}
