// Glue between Remix routes and the accounts domain (a route-layer adapter, hence under http/): guards, the sign-in
// response, links in emails.
import { data, redirect, type AppLoadContext, type HeadersFunction } from "@remix-run/cloudflare";
import type { User } from "../../../db/schema";
import { DEFAULT_AFTER_SIGN_IN, isGuardedPath, loginPath, safeRedirectPath, TWO_STEP_PATH } from "../../lib/auth";
import { AppError, type ErrorCode } from "../errors";
import { errorAnswer } from "./respond";
import { POST_ONLY, readForm } from "./request";
import { fieldMessages, getLocale, serverNamespace } from "../i18n";
import { forgetViewer, getViewer, readGuestId, viewerUserRow, type Viewer } from "../identity";
import type { LinkContext } from "../auth/accounts";
import { adoptGuestData } from "../auth/profile";
import { pendingSecondStepCookie } from "../auth/pending";
import { trustedDeviceCookie } from "../auth/device";
import { createSession } from "../auth/session";
import { isTwoStepOn } from "../auth/two-step";

type Context = Pick<AppLoadContext, "env" | "config">;
export type SignedInViewer = Extract<Viewer, { kind: "user" }>;

/**
 * The origin every absolute URL we hand out is built on (e-mail links, OAuth redirects, Stripe return URLs).
 * APP_ORIGIN, which production requires (env.ts): a request's Host header is the client's to forge. Only outside
 * production, without APP_ORIGIN, it is the origin the app is served on locally.
 */
export function publicOrigin(request: Request, context: Context): string {
  return context.config.appOrigin ? new URL(context.config.appOrigin).origin : new URL(request.url).origin;
}

export function linkContext(request: Request, context: Context): LinkContext {
  return { origin: publicOrigin(request, context), locale: getLocale(request) };
}

/** Guard for settings, gallery and payment: visitors go to sign in and come back here afterwards. */
export async function requireUser(request: Request, context: Context): Promise<SignedInViewer> {
  const viewer = await getViewer(request, context);
  if (viewer.kind === "user") return viewer;
  const url = new URL(request.url);
  throw redirect(loginPath(`${url.pathname}${url.search}`));
}

/** The signed-in user's full row, for actions; a vanished row is docs/product.md §4's profile failure. */
export async function requireUserRow(request: Request, context: Context): Promise<{ viewer: SignedInViewer; user: User }> {
  const viewer = await requireUser(request, context);
  // Read once per request, only by the pages and actions that need the whole row (identity.ts, decision 0039).
  const user = await viewerUserRow(request, context);
  if (!user) throw new AppError("auth/profile-unavailable");
  return { viewer, user };
}

/**
 * For the account's own APIs (app/routes/api.*): the signed-in user's row, or the error a visitor or an ended session
 * is told (auth/user-token-expired, auth/user-disabled, ...) as the one JSON error body, never a redirect.
 */
export async function requireApiUser(request: Request, context: Context): Promise<{ viewer: SignedInViewer; user: User }> {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError(viewer.authError ?? "auth/user-token-expired");
  const user = await viewerUserRow(request, context);
  if (!user) throw new AppError("auth/profile-unavailable");
  return { viewer, user };
}

/**
 * Starts a fresh session (a new id at every sign-in), adopts the visitor's chats and goes back where they were. The
 * one way every sign-in (password, e-mail link, Google, Apple, passkey) ends, so docs/product.md §4's sign-in state
 * failures read the same on each: anything unforeseen here is "Authentication failed", and no session cookie is set
 * (signed out). The profile is loaded by the next page (identity.ts); when it cannot be, that page says "Could not
 * retrieve user information" and treats the person as signed out.
 *
 * An account with two-step sign-in on gets no session here unless the second step is already done (a passkey, or the
 * code on /auth/two-step): the browser gets the signed pending-second-step cookie and goes to /auth/two-step, which
 * comes back here once the code is right (decision 0028). A session that passed the second step records it, so it
 * may add a passkey or renew recovery codes for 10 minutes. `trustDevice` (a right password): the trusted-device
 * cookie (decision 0012), set with the session, never before the second step; the pending cookie carries it there.
 */
export async function signedInRedirect(
  request: Request,
  context: Context,
  user: User,
  options: { redirectTo: unknown; guestId?: string | null; headers?: HeadersInit; secondStepDone?: boolean; trustDevice?: boolean },
): Promise<Response> {
  const headers = new Headers(options.headers);
  const redirectTo = safeRedirectPath(options.redirectTo, DEFAULT_AFTER_SIGN_IN);
  // Every way in ends here: an account being deleted gets no session, whatever proved who they are (decision 0033).
  if (user.deletingAt) throw new AppError("account/deleted");
  try {
    const guestId = options.guestId !== undefined ? options.guestId : await readGuestId(request, context.config);
    const trustDevice = Boolean(options.trustDevice);
    if (!options.secondStepDone && (await isTwoStepOn(context.env, user.id))) {
      headers.append("Set-Cookie", await pendingSecondStepCookie(request, context.config, { userId: user.id, guestId, trustDevice }));
      return redirect(`${TWO_STEP_PATH}?redirectTo=${encodeURIComponent(redirectTo)}`, { headers });
    }
    await adoptGuestData(context.env, guestId, user.id);
    const { setCookie } = await createSession(context.env, request, user.id, { secondFactor: Boolean(options.secondStepDone) });
    headers.append("Set-Cookie", setCookie);
    if (trustDevice) headers.append("Set-Cookie", await trustedDeviceCookie(request, context.config, user.email));
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    console.error("auth: starting the session failed", cause instanceof Error ? cause.message : cause);
    throw new AppError("auth/authentication-failed", { cause });
  }
  return redirect(redirectTo, { headers });
}

/** After sign-out: stay on the page unless it needs an account. */
export function afterSignOutPath(value: unknown): string {
  const path = safeRedirectPath(value, DEFAULT_AFTER_SIGN_IN);
  return isGuardedPath(path) ? DEFAULT_AFTER_SIGN_IN : path;
}

/**
 * An action's answer for a failed attempt: the one error body (lib/error-body.ts), its HTTP status and the headers it
 * asks for (Allow on a 405, Retry-After on a 429). `unexpected` is what an error nobody foresaw is called here: the
 * account forms say docs/product.md §8's "Unknown error", other pages "Something went wrong".
 */
export function failure(request: Request, error: unknown, unexpected: ErrorCode = "app/unknown") {
  // Redirects thrown by guards pass through untouched.
  if (error instanceof Response) throw error;
  const { appError, body } = errorAnswer(request, error, { unexpected });
  return data(body, { status: appError.status, headers: appError.headers() });
}

/**
 * A page's action (the account pages, settings, payment): the handler's answer, or whatever it throws as `failure`
 * (redirects thrown by guards pass through), so no page writes its own catch. The page counterpart of respond.ts
 * `resource`.
 */
export function pageAction<Args extends { request: Request; context: object }, Result>(
  handler: (args: Args) => Promise<Result>,
  unexpected: ErrorCode = "app/unknown",
) {
  return async (args: Args) => {
    try {
      return await handler(args);
    } catch (error) {
      return failure(args.request, error, unexpected);
    } finally {
      // The page's loaders run next in this request (a form sent without JavaScript): they read the viewer afresh.
      forgetViewer(args.context);
    }
  };
}

/** An account form that failed its schema: 400 request/invalid, each field's problem in auth:validation's words. */
export function invalid(request: Request, fieldErrors: Record<string, string>) {
  return failure(
    request,
    new AppError("request/invalid", { fieldErrors: fieldMessages(getLocale(request), fieldErrors, { tables: serverNamespace("auth") }) }),
  );
}

/**
 * A route's `headers` export for pages whose actions can answer 429. Remix keeps only Set-Cookie from an action's own
 * headers unless the route exports `headers`, so without this the Retry-After that `failure` sets never left the server.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, errorHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** The page holds a secret link: never leak it through a Referer header or a cache (and a refusal says when to retry). */
export const linkPageHeaders: HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("Cache-Control", "no-store");
  return headers;
};

/**
 * A signed-in person's POSTed form, for the account's small settings APIs: the body is read (and capped) first, then a
 * visitor is told auth/sign-in-required as the one JSON error body.
 */
export async function readSignedInForm(request: Request, context: Context): Promise<{ form: FormData; viewer: SignedInViewer }> {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  return { form, viewer };
}
