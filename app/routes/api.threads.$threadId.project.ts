import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { moveChat, projectOwner } from "~/.server/projects/projects";
import { moveChatSchema } from "~/lib/schemas/projects";

/**
 * POST "Move to project" (decision 0038-projects): form field `projectId`, one of the account's projects, or empty to
 * move the chat out to the history. The chat keeps its messages. Another account's chat or project is 404.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const owner = projectOwner(await getViewer(request, context));
  const parsed = moveChatSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success || !params.threadId) throw new AppError("request/invalid");
  await moveChat(context.env, owner.accountId, params.threadId, parsed.data.projectId || null);
  return Response.json({ ok: true });
});
