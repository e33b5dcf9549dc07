import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { deleteThread, renameThread, starThread } from "~/.server/chat/threads";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource, invalidForm, serverNamespace } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { threadActionSchema } from "~/lib/schemas/chat";

/**
 * POST rename / star / delete a thread (form fields: intent, title, starred): `{ ok: true }`, or the one error body (docs/product.md §7)
 * with its status. A Response, not route data: this resource route is also posted to without single fetch, where
 * route data would go out as a 200.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.threadId) throw new AppError("chat/not-found");
  const parsed = threadActionSchema.safeParse(Object.fromEntries(form));
  // Each field's docs/product.md §5 message (common:validation.*), shown under the field.
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("common") });
  const action = parsed.data;
  if (action.intent === "rename") await renameThread(context.env, viewer.accountId, params.threadId, action.title);
  else if (action.intent === "star") await starThread(context.env, viewer.accountId, params.threadId, action.starred);
  else await deleteThread(context.env, viewer.accountId, params.threadId);
  return Response.json({ ok: true });
});
