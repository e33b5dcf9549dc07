import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { markPaywallSeen } from "~/.server/billing/paywall";
import { now } from "~/.server/clock";
import { AppError, errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";

/** POST: the after-sign-in Pro dialog was shown (SPEC §4); records it once per user with its analytics event. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") throw new AppError("request/not-found");
    const viewer = await getViewer(request, context);
    if (viewer.kind !== "user") throw new AppError(viewer.authError ?? "auth/user-token-expired");
    const body = (await request.json().catch(() => ({}))) as { path?: unknown };
    const path = typeof body.path === "string" && body.path.startsWith("/") ? body.path.slice(0, 2048) : undefined;
    const first = await markPaywallSeen(context.env, viewer.user.id, { path, now: now() });
    return Response.json({ ok: true, first }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
