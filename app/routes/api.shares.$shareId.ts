import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { revokeShare } from "~/.server/share/links";
import { isShareId, revokeShareSchema } from "~/lib/schemas/share";

/** POST intent=revoke: the owner takes the link down (its page answers 404). Anyone else's link is a 404. */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("share/sign-in-required");
  if (!revokeShareSchema.safeParse(Object.fromEntries(form)).success) throw new AppError("request/invalid");
  if (!isShareId(params.shareId)) throw new AppError("share/not-found");
  await revokeShare(context.env, viewer.user.id, params.shareId);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
});
