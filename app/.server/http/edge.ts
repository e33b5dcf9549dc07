// The deployed worker, built once from the Remix server build (decision 0019, "The edge is built once"): HTTP is a Hono
// app (/whatsapp/* -> the WhatsApp worker, POST /api/chat -> the chat turn, everything else -> Remix, with the app's
// request checks and security headers as middleware); queue -> the one table of consumers (../queues.ts; documents are
// read by workers/document-reader.ts, decision 0031); cron -> the shared database's retention (decision 0032; an
// account's own clean-ups are its object's alarm). workers/app.ts exports what this returns, taken from the build.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono, type MiddlewareHandler } from "hono";
import { expiredCookie, malformedCookies, SIDEBAR_COOKIE, TIME_ZONE_COOKIE } from "../../lib/cookies";
import { accountMovesAdmin } from "./account-moves-admin";
import { whatsappPauseAdmin } from "./whatsapp-pause-admin";
import { resumeDeletions } from "../account/deletion";
import { RequestDatabase } from "../db-session";
import { ConfigError, withBindings, workerEnv } from "../env";
import { AppError } from "../errors";
import { PLAIN_GUEST_COOKIE, SECURE_GUEST_COOKIE } from "../identity";
import { routeQueue } from "../queues";
import { pruneSharedRows } from "../retention";
import { applyBaselineHeaders, isCrossSiteRequest } from "../security";
import { postChat } from "./chat";
import { D1_BOOKMARK_COOKIE, d1BookmarkCookie, readD1Bookmark } from "./d1-bookmark";
import { createLoadContext, createNonce } from "./load-context";
import { apiError, errorMessage, toAppError } from "./respond";
import { methodCheck } from "./route-methods";

/** Cookies the app reads on every request; one that cannot be decoded is ignored there and removed here. */
const READ_COOKIES = ["locale", "theme", SIDEBAR_COOKIE, TIME_ZONE_COOKIE, SECURE_GUEST_COOKIE, PLAIN_GUEST_COOKIE, D1_BOOKMARK_COOKIE];

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
 * A request refused before Remix sees it, in the language it asked for: the one JSON error body (docs/product.md §7) for the APIs and Remix's
 * single fetch (`.data`), the message as text for a page.
 */
function refusal(request: Request, error: AppError): Response {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith("/api/") || pathname.startsWith("/media/") || pathname.endsWith(".data")) return apiError(request, error);
  const response = new Response(errorMessage(request, error.code), { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  error.headers(response.headers);
  return response;
}

type EdgeHttp = { Bindings: Env; Variables: { context: ReturnType<typeof createLoadContext> } };

/**
 * Every response but the WhatsApp worker's gets the baseline security headers, and loses any cookie the app could
 * not read. Responses from Remix may be immutable (redirects), so the headers go on a copy.
 */
const securityHeaders: MiddlewareHandler<EdgeHttp> = async (c, next) => {
  await next();
  const secured = new Response(c.res.body, c.res);
  applyBaselineHeaders(secured.headers);
  clearMalformedCookies(c.req.raw, secured.headers);
  // Cleared first, or Hono would merge the old response's headers into the new one.
  c.res = undefined;
  c.res = secured;
};

/** The request's AppContext (bindings, checked configuration, CSP nonce); a misconfigured deployment says so plainly. */
const loadContext: MiddlewareHandler<EdgeHttp> = async (c, next) => {
  try {
    c.set("context", createLoadContext(c.env, c.executionCtx, createNonce()));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return plainError(500, "The server is not configured correctly. The operator has been told.");
    }
    throw error;
  }
  await next();
};

/**
 * The request's D1 session (docs/decisions/0001-workers-layout.md "D1 sessions"): started from the bookmark the
 * browser brought back, so reads may come from a nearby replica but never from one older than the person's writes.
 * A request that wrote sends the newer bookmark back; one that only read leaves the cookie as it is.
 */
const d1Session: MiddlewareHandler<EdgeHttp> = async (c, next) => {
  const context = c.get("context");
  const secret = context.config.sessionSecret;
  const database = new RequestDatabase(context.env.DB, await readD1Bookmark(c.req.raw, secret));
  c.set("context", { ...context, env: withBindings(context.env, { DB: database }) });
  await next();
  const bookmark = database.bookmarkAfterWrites();
  const cookie = bookmark ? await d1BookmarkCookie(c.req.raw, secret, bookmark) : null;
  if (!cookie) return;
  // A copy: Remix's responses may be immutable (redirects). Cleared first, or Hono would merge the old headers in.
  const withCookie = new Response(c.res.body, c.res);
  withCookie.headers.append("Set-Cookie", cookie);
  c.res = undefined;
  c.res = withCookie;
};

/** The Hono app in front of Remix: the request set-up every route gets, and the two routes that skip Remix. */
export function createEdge(build: ServerBuild): Hono<EdgeHttp> {
  const handleRemixRequest = createRequestHandler(build);
  /** The Allow list when a request's method has no handler in the route it reaches (see route-methods.ts). */
  const unhandledMethod = methodCheck(build);

  /** Cross-site writes and methods a route does not take are refused here, before any route runs. */
  const refuseBadRequests: MiddlewareHandler<EdgeHttp> = async (c, next) => {
    const request = c.req.raw;
    if (isCrossSiteRequest(request, c.get("context").config.appOrigin)) return refusal(request, new AppError("request/cross-site"));
    const allow = unhandledMethod(request);
    if (allow) return refusal(request, new AppError("request/method-not-allowed", { allow }));
    await next();
  };

  const http = new Hono<EdgeHttp>();
  // Meta's webhook deliveries go straight to the WhatsApp worker: they are signed (checked there), carry no cookies or
  // Origin, and Meta waits for their 200 (decision 0010), so none of the app's request set-up runs first.
  http.use("/whatsapp/*", async (c, next) => (c.env.WHATSAPP ? c.env.WHATSAPP.fetch(c.req.raw) : next()));
  // The operator's start and view of the move of old rows into the accounts' objects (decision 0026, README
  // "Deploying"): a bearer token, no cookies, so no cross-site check; not a Remix route, so no method check either.
  http.all("/api/admin/account-moves", securityHeaders, loadContext, (c) => accountMovesAdmin(c.req.raw, c.get("context").env, c.get("context").config));
  // The operator's view and clearing of WhatsApp's billing pause (decision 0036-whatsapp-number-object), the same way.
  http.all("/api/admin/whatsapp-pause", securityHeaders, loadContext, (c) => whatsappPauseAdmin(c.req.raw, c.get("context").env, c.get("context").config));
  http.use("*", securityHeaders, loadContext, refuseBadRequests, d1Session);
  // On every answer's way to its first token: mounted here, it skips Remix's request routing (about 1 ms under
  // `wrangler dev`, decision 0009). postChat turns every failure into the one error body (docs/product.md §7) itself.
  http.post("/api/chat", (c) => postChat(c.req.raw, c.get("context")));
  http.all("*", (c) => handleRemixRequest(c.req.raw, c.get("context")));
  // Remix and postChat answer their own failures; anything thrown past them is logged and answered in the one error body (docs/product.md §7)
  // (JSON for the APIs, the translated message for a page) instead of Hono's bare "Internal Server Error".
  http.onError((error, c) => refusal(c.req.raw, toAppError(error)));
  return http;
}

/** The deployed worker's handlers: HTTP through the edge, every queue through the one table, the hourly cron. */
export function createAppWorker(build: ServerBuild) {
  const edge = createEdge(build);
  return {
    fetch: (request: Request, env: Env, ctx: ExecutionContext) => edge.fetch(request, env, ctx),
    queue: (batch: MessageBatch<unknown>, env: Env) => routeQueue(batch, env),
    /** wrangler.toml's hourly cron: the shared database's rows past their period (docs/decisions/0032-retention.md). */
    async scheduled(controller: ScheduledController, env: Env) {
      const deleted = await pruneSharedRows(env, controller.scheduledTime);
      console.log("retention: rows deleted", JSON.stringify(deleted));
      // An account deletion whose retries all failed goes on (decision 0033).
      const resumed = await resumeDeletions(workerEnv(env), controller.scheduledTime);
      if (resumed > 0) console.log("account-deletions: enqueued again", resumed);
    },
  };
}
