import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { markPaywallSeen } from "~/.server/billing/paywall";
import { now } from "~/.server/clock";
import { AppError, errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";
import { pagePathSchema } from "~/lib/schemas/analytics";

/** POST: the after-sign-in Pro dialog was shown (SPEC §4); records it once per user with its analytics event. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") throw new AppError("request/not-found");
    const viewer = await getViewer(request, context);
    if (viewer.kind !== "user") throw new AppError(viewer.authError ?? "auth/user-token-expired");
    const body = (await request.json().catch(() => ({}))) as { path?: unknown };
    // The event's path must fit the analytics catalogue; one that does not is left out, the event still counts.
    const path = pagePathSchema.safeParse(body.path).data;
    const first = await markPaywallSeen(context.env, viewer.user.id, { path, now: now() });
    return Response.json({ ok: true, first }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
