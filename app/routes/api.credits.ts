import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "~/.server/auth/throttle";
import { getBalance } from "~/.server/credits";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** GET the viewer's daily credits: used, limit, remaining and when they refill. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  // A visitor (with or without a guest id yet) sees what they can really spend: their own or their address's remaining.
  const balance = await getBalance(context.env, context.config, { accountId: viewer.accountId, plan: viewer.plan, address: clientAddress(request) });
  return Response.json({ ok: true, plan: viewer.plan, ...balance }, { headers: { "Cache-Control": "no-store" } });
});
