import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dailyLimit, getBalance } from "~/.server/credits";
import { errorResponse } from "~/.server/errors";
import { getViewer } from "~/.server/identity";
import { nextUtcMidnight, utcDay } from "~/lib/time";

/** GET the viewer's daily credits: used, limit, remaining and when they refill. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const viewer = await getViewer(request, context);
    if (!viewer.accountId) {
      // A visitor who has not done anything yet has the full allowance; no counter exists for them.
      const limit = dailyLimit(context.config, "guest");
      const now = Date.now();
      return Response.json({ plan: viewer.plan, day: utcDay(now), used: 0, limit, remaining: limit, resetsAt: nextUtcMidnight(now) });
    }
    const balance = await getBalance(context.env, context.config, { accountId: viewer.accountId, plan: viewer.plan });
    return Response.json({ plan: viewer.plan, ...balance }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
