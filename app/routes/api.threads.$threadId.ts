import { data, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteThread, renameThread, starThread } from "~/.server/chat/threads";
import { AppError, errorData } from "~/.server/errors";
import { getViewer } from "~/.server/identity";
import { threadActionSchema } from "~/lib/schemas/chat";

/** POST rename / star / delete a thread (form fields: intent, title, starred). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  try {
    const viewer = await getViewer(request, context);
    if (!viewer.accountId || !params.threadId) throw new AppError("chat/not-found");
    const parsed = threadActionSchema.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success) {
      // Field errors are translation keys (SPEC §5 messages), shown under the field.
      return data({ ok: false, fieldErrors: parsed.error.flatten().fieldErrors }, { status: 400 });
    }
    const action = parsed.data;
    if (action.intent === "rename") await renameThread(context.env, viewer.accountId, params.threadId, action.title);
    else if (action.intent === "star") await starThread(context.env, viewer.accountId, params.threadId, action.starred);
    else await deleteThread(context.env, viewer.accountId, params.threadId);
    return { ok: true, fieldErrors: null };
  } catch (error) {
    return errorData(error);
  }
}
