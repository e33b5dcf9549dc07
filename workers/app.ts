// The main worker: HTTP -> Remix (or the WhatsApp worker for /whatsapp/*), queue -> image jobs, data exports and
// WhatsApp messages, cron -> upload and data-export clean-up, and the Durable Object classes.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error: produced by `remix vite:build` (npm run build); it has no type declarations.
import * as build from "../build/server";
import { ConfigError, loadConfig } from "../app/.server/env";
import { cleanUpDataExports } from "../app/.server/exports/cleanup";
import { processDataExports } from "../app/.server/exports/consumer";
import { DATA_EXPORTS_QUEUE } from "../app/.server/exports/messages";
import { deleteAbandonedUploads } from "../app/.server/images/cleanup";
import { processImageJobs } from "../app/.server/images/consumer";
import { isImageJobMessage } from "../app/.server/images/messages";
import { processInbox, WHATSAPP_INBOX_QUEUE } from "../app/.server/whatsapp/inbox";
import { deliverJobResults } from "../app/.server/whatsapp/tasks";
import { createLoadContext, createNonce } from "../app/.server/http/load-context";
import { PLAIN_GUEST_COOKIE, SECURE_GUEST_COOKIE } from "../app/.server/identity";
import { expiredCookie, malformedCookies, SIDEBAR_COOKIE, TIME_ZONE_COOKIE } from "../app/lib/cookies";
import { applyBaselineHeaders, isCrossSiteRequest } from "../app/.server/security";
import { AppError } from "../app/.server/errors";
import { apiError, errorHeaders, errorMessage } from "../app/.server/http/respond";
import { methodCheck } from "./route-methods";

export { AuthThrottle } from "../app/.server/auth/throttle-counter";
export { ChatRelay } from "../app/.server/chat/relay-object";
export { CreditsCounter } from "../app/.server/credits/counter";

const serverBuild = build as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(serverBuild);
/**
 * POST /api/chat is on every answer's way to its first token, so its route action is called directly, without
 * Remix's request routing (about 1 ms under `wrangler dev`, measured by `npm run bench`). It is the same module
 * Remix would call, and it turns every failure into its own response (errorResponse), so nothing else differs.
 */
const chatAction = serverBuild.routes["routes/api.chat"]?.module.action;
/** The Allow list when a request's method has no handler in the route it reaches (see route-methods.ts). */
const unhandledMethod = methodCheck(serverBuild);

/** Cookies the app reads on every request; one that cannot be decoded is ignored there and removed here. */
const READ_COOKIES = ["locale", "theme", SIDEBAR_COOKIE, TIME_ZONE_COOKIE, SECURE_GUEST_COOKIE, PLAIN_GUEST_COOKIE];

function clearMalformedCookies(request: Request, headers: Headers) {
  const set = headers.getSetCookie();
  for (const name of malformedCookies(request.headers.get("Cookie"), READ_COOKIES)) {
    // A response that already replaces the cookie (a new guest id) needs no removal after it.
    if (!set.some((line) => line.startsWith(`${name}=`))) headers.append("Set-Cookie", expiredCookie(name));
  }
}

function plainError(status: number, message: string): Response {
  const response = new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  applyBaselineHeaders(response.headers);
  return response;
}

/**
 * A request refused before Remix sees it, in the language it asked for: DESIGN's JSON error for the APIs and Remix's
 * single fetch (`.data`), the message as text for a page.
 */
function refusal(request: Request, error: AppError): Response {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname.startsWith("/media/") || pathname.endsWith(".data")) return apiError(request, error);
  const response = new Response(errorMessage(request, error.code), { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  errorHeaders(error, response.headers);
  return response;
}

function refusalFor(request: Request, appOrigin: string | undefined): AppError | null {
  if (isCrossSiteRequest(request, appOrigin)) return new AppError("request/cross-site");
  const allow = unhandledMethod(request);
  return allow ? new AppError("request/method-not-allowed", { details: { allow: allow.join(", ") } }) : null;
}

export default {
  async fetch(request, env, ctx) {
    // Meta's webhook deliveries go straight to the WhatsApp worker: they are signed (checked there), carry no
    // cookies or Origin, and Meta waits for their 200 (DESIGN.md), so nothing of the app's request set-up runs first.
    if (env.WHATSAPP && new URL(request.url).pathname.startsWith("/whatsapp/")) return env.WHATSAPP.fetch(request);
    let context;
    try {
      context = createLoadContext(env, ctx, createNonce());
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        return plainError(500, "The server is not configured correctly. The operator has been told.");
      }
      throw error;
    }
    const refused = refusalFor(request, context.config.appOrigin);
    const url = new URL(request.url);
    const response = refused
      ? refusal(request, refused)
      : chatAction && request.method === "POST" && url.pathname === "/api/chat"
        ? ((await chatAction({ request, context, params: {} })) as Response)
        : await handleRemixRequest(request, context);
    // Responses from Remix may be immutable (redirects); copy before adding headers.
    const secured = new Response(response.body, response);
    applyBaselineHeaders(secured.headers);
    clearMalformedCookies(request, secured.headers);
    return secured;
  },

  /**
   * Hourly (wrangler.toml [triggers]): uploads nothing refers to are deleted 24 hours after they were made, and data
   * exports past their 7 days.
   */
  async scheduled(_controller, env, _ctx) {
    // Awaited, not waitUntil: a failure then marks the cron run failed, where an operator sees it. Each runs even if
    // the other throws.
    const [uploads, exports] = await Promise.allSettled([deleteAbandonedUploads(env as never), cleanUpDataExports(env as never)]);
    if (uploads.status === "fulfilled" && (uploads.value.deleted > 0 || uploads.value.more)) {
      console.log(`uploads cleanup: deleted ${uploads.value.deleted}${uploads.value.more ? ", more left for the next run" : ""}`);
    }
    if (exports.status === "fulfilled" && exports.value.expired + exports.value.failed + exports.value.removed > 0) {
      console.log(`data exports cleanup: ${JSON.stringify(exports.value)}`);
    }
    for (const result of [uploads, exports]) if (result.status === "rejected") throw result.reason;
  },

  async queue(batch, env) {
    const appEnv = env as never;
    if (batch.queue === WHATSAPP_INBOX_QUEUE) return processInbox(batch, appEnv);
    if (batch.queue === DATA_EXPORTS_QUEUE) return processDataExports(batch, appEnv);
    await processImageJobs(batch, appEnv);
    // Jobs started from WhatsApp (photo translate, /image) send their result back to the chat once they end.
    const jobIds = batch.messages.flatMap((message) => (isImageJobMessage(message.body) ? [message.body.jobId] : []));
    await deliverJobResults(appEnv, loadConfig(appEnv), jobIds);
  },
} satisfies ExportedHandler<Env>;
