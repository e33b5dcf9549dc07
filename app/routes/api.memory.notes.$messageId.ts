import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { memoryNote } from "~/.server/memory/settings";

/**
 * GET what memory did for one answer (issue 33): `{ ok: true, note: { used, updated, pending } }`. The chat asks
 * again while the extraction job is pending; another account's answer is 404.
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user" || !params.messageId) throw new AppError("memory/not-found");
  const note = await memoryNote(context.env, viewer.user.id, params.messageId);
  return Response.json({ ok: true, note }, { headers: { "Cache-Control": "no-store" } });
});
