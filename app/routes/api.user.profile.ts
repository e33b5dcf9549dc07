import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getUserProfile } from "~/.server/auth/profile";
import { requireApiUser } from "~/.server/http/auth";
import { resource } from "~/.server/http/respond";

/** docs/product.md §7 getUserProfile: the signed-in user's own profile (there is no way to ask for someone else's). */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const { user } = await requireApiUser(request, context);
  const profile = await getUserProfile(context.env, user);
  return Response.json({ ok: true, ...profile }, { headers: { "Cache-Control": "private, no-store" } });
});
