import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress, countAttempt } from "~/.server/auth/throttle";
import { addressBucket } from "~/.server/credits/address";
import { AppError, errorResponse } from "~/.server/errors";
import { i18nServer } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { reportClientError } from "~/.server/reporting";
import { clientErrorSchema } from "~/lib/schemas/client-error";

/**
 * Reports a client may send: a page in a crash loop must not flood the collector. Past it the answer is 429 with
 * Retry-After, which the browser's reporter (app/lib/error-reporter.ts) honours by backing off.
 */
const REPORTS_PER_CLIENT = { limit: 30, windowMs: 60_000 };

/** POST a browser error (from app/lib/error-reporter.ts); forwarded in the background. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    if (Number(request.headers.get("Content-Length") ?? "0") > 16_384) throw new AppError("request/invalid");
    const rate = await countAttempt(context.env, `reports:address:${addressBucket(clientAddress(request))}`, REPORTS_PER_CLIENT);
    if (!rate.allowed) throw new AppError("reports/rate-limited", { details: { retryAfterSeconds: String(Math.ceil(rate.retryAfterMs / 1000)) } });
    const parsed = clientErrorSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) throw new AppError("request/invalid");
    const viewer = await getViewer(request, context).catch(() => null);
    const userId = viewer?.kind === "user" ? viewer.user.id : null;
    reportClientError(context, request, parsed.data, userId);
    return new Response(null, { status: 204 });
  } catch (error) {
    const t = await i18nServer.getFixedT(request, "errors");
    return errorResponse(error, { message: (code) => t(code) });
  }
}
