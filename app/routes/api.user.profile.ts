import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUserProfile } from "~/.server/auth/profile";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** docs/product.md §7 getUserProfile: the signed-in user's own profile (there is no way to ask for someone else's). */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError(viewer.authError ?? "auth/user-token-expired");
  const profile = await getUserProfile(context.env, viewer.user.id);
  return Response.json({ ok: true, ...profile }, { headers: { "Cache-Control": "private, no-store" } });
});
