import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { markPaywallSeen } from "~/.server/billing/paywall";
import { now } from "~/.server/clock";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readJson, requireMethod } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { paywallSeenSchema } from "~/lib/schemas/analytics";

/** POST: the after-sign-in Pro dialog was shown (docs/product.md §4); records it once per user with its analytics event. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  requireMethod(request, POST_ONLY);
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError(viewer.authError ?? "auth/user-token-expired");
  // The event is recorded as posted, so a body that is not exactly `{ path? }` with a page path is refused.
  const parsed = paywallSeenSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new AppError("request/invalid");
  const first = await markPaywallSeen(context.env, viewer.user.id, { path: parsed.data.path, now: now() });
  return Response.json({ ok: true, first }, { headers: { "Cache-Control": "no-store" } });
});
