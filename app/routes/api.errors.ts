import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress, countAttempt } from "~/.server/auth/throttle";
import { addressBucket } from "~/.server/credits/address";
import { AppError, secondsToWait } from "~/.server/errors";
import { readJson } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { reportClientError } from "~/.server/reporting";
import { clientErrorSchema } from "~/lib/schemas/client-error";

/**
 * Reports a client may send: a page in a crash loop must not flood the collector. Past it the answer is 429 with
 * Retry-After, which the browser's reporter (app/lib/error-reporter.ts) honours by backing off.
 */
const REPORTS_PER_CLIENT = { limit: 30, windowMs: 60_000 };

/** POST a browser error (from app/lib/error-reporter.ts); forwarded in the background. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const rate = await countAttempt(context.env, `reports:address:${addressBucket(clientAddress(request))}`, REPORTS_PER_CLIENT);
  if (!rate.allowed) throw new AppError("reports/rate-limited", { retryAfterSeconds: secondsToWait(rate.retryAfterMs) });
  const parsed = clientErrorSchema.safeParse(await readJson(request, { maxBytes: 16_384 }));
  if (!parsed.success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context).catch(() => null);
  const userId = viewer?.kind === "user" ? viewer.user.id : null;
  reportClientError(context, request, parsed.data, userId);
  return new Response(null, { status: 204 });
});
