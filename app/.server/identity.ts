// Who is asking. Signed-in people are recognised by their session cookie, answered by their account's object without a
// shared read (auth/session.ts, decision 0039); visitors by a signed guest id cookie (its own signing key,
// auth/signing.ts) so their chats and credits survive reloads.
import { eq } from "drizzle-orm";
import { isSecureRequest, lookupSession, readCookie, toSessionUser, type SessionUser } from "./auth/session";
import { signValue, verifySignedValue } from "./auth/signing";
import { planOf } from "./auth/viewer-profile";
import { now } from "./clock";
import { getDb, schema } from "./db";
import type { User } from "../../db/schema";
import type { AppConfig, AppEnv } from "./env";
import { newGuestId } from "./account/ids";

/** Like the session cookie: `__Host-` over https (no sibling host can plant one), the plain name over local http. */
export const SECURE_GUEST_COOKIE = "__Host-guest_id";
export const PLAIN_GUEST_COOKIE = "guest_id";

function guestCookieName(request: Request): string {
  return isSecureRequest(request) ? SECURE_GUEST_COOKIE : PLAIN_GUEST_COOKIE;
}

export type { SessionUser } from "./auth/session";

/**
 * Who is asking. `accountId` owns threads, creations and credits: the user id, or the guest id (null until the
 * visitor first does something that needs one). `plan` selects the daily credit limit.
 */
export type Viewer =
  | {
      kind: "guest";
      guestId: string | null;
      accountId: string | null;
      plan: "guest";
      /**
       * docs/product.md §4/§8: a session whose profile could not be loaded, or that is over (expired, revoked, account disabled),
       * is treated as signed out, and the page says so once.
       */
      authError?: "auth/profile-unavailable" | "auth/user-token-expired" | "auth/user-disabled" | "account/deleted";
    }
  | {
      kind: "user";
      user: SessionUser;
      sessionId: string;
      /** When this session last proved it is the owner (auth/recent-sign-in.ts). */
      signedInAt: number;
      /** When this session last proved the second factor, 0: never (auth/recent-sign-in.ts requireSecondFactor). */
      secondFactorAt: number;
      accountId: string;
      /** Follows the subscription (billing/plan.ts): Pro while active, or cancelled until its paid period ends. */
      plan: "free" | "pro";
      /** docs/product.md §4: a basic-plan user who has not yet seen the after-sign-in Pro dialog. */
      paywallDue: boolean;
      /** A session cookie of the old format was moved into the account's object: the page sets the new one (decision 0039). */
      setCookie?: string;
      /** The profile photo's R2 key from the account object's profile (decision 0039): server-only, never sent to a page. */
      profilePhotoKey: string | null;
    };

/** The guest id of this browser, if it already has a valid one. */
export async function readGuestId(request: Request, config: AppConfig): Promise<string | null> {
  const value = await verifySignedValue(config.sessionSecret, "guest-id", readCookie(request, guestCookieName(request)));
  return value?.startsWith("g_") ? value : null;
}

/** A new guest id and the Set-Cookie header that stores it (signed, HttpOnly, a year). */
export async function issueGuestId(request: Request, config: AppConfig): Promise<{ guestId: string; setCookie: string }> {
  const guestId = newGuestId();
  const secure = isSecureRequest(request) ? "; Secure" : "";
  const signed = await signValue(config.sessionSecret, "guest-id", guestId);
  return {
    guestId,
    setCookie: `${guestCookieName(request)}=${encodeURIComponent(signed)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
  };
}

/**
 * Several loaders of one request ask the same question; answer it once per request. Keyed by the request's context
 * (the worker makes one per request, workers/app.ts), not by the Request: Remix hands each loader of a page its own
 * Request object, which made a signed-in page read its session from D1 three times.
 */
const viewers = new WeakMap<object, Promise<Viewer>>();
/** The signed-in user's whole D1 row, for the few pages and actions that need more than the profile (read once per request). */
const userRows = new WeakMap<object, Promise<User | null>>();

/**
 * Forgets what this request found out about its viewer: after an action that changed the user (a new name or photo,
 * a plan), the loaders Remix runs next in the same request must read it again, not the answer from before the change.
 */
export function forgetViewer(context: object): void {
  viewers.delete(context);
  userRows.delete(context);
}

/** Resolves the viewer: the session's user when the cookie names a live session, otherwise the guest. */
export function getViewer(request: Request, context: { env: AppEnv; config: AppConfig }): Promise<Viewer> {
  let viewer = viewers.get(context);
  if (!viewer) {
    viewer = resolveViewer(request, context);
    viewers.set(context, viewer);
  }
  return viewer;
}

/**
 * The signed-in viewer's D1 users row; null for a visitor. Only Settings, the payment pages and the account's actions
 * ask for it: every other signed-in request is served from the profile in the account's object (decision 0039).
 */
export async function viewerUserRow(request: Request, context: { env: AppEnv; config: AppConfig }): Promise<User | null> {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") return null;
  let row = userRows.get(context);
  if (!row) {
    row = getDb(context.env)
      .query.users.findFirst({ where: eq(schema.users.id, viewer.user.id) })
      .then(
        (user) => user ?? null,
        // The caller answers docs/product.md §4's "Could not retrieve user information" (http/auth.ts).
        (error: unknown) => {
          console.error("auth: profile read failed", error instanceof Error ? error.message : error);
          return null;
        },
      );
    userRows.set(context, row);
  }
  return row;
}

async function resolveViewer(request: Request, context: { env: AppEnv; config: AppConfig }): Promise<Viewer> {
  const session = await lookupSession(context.env, request);
  if (session.status === "ok") {
    const plan = planOf(session.profile, now());
    const user: SessionUser = toSessionUser(session.userId, session.profile, plan);
    const paywallDue = plan === "free" && session.profile.paywallSeenAt === null && context.config.billing.paywallAfterSignIn;
    return {
      kind: "user",
      user,
      sessionId: session.sessionId,
      signedInAt: session.signedInAt,
      secondFactorAt: session.secondFactorAt,
      accountId: user.id,
      plan,
      paywallDue,
      profilePhotoKey: session.profile.profilePhotoKey,
      ...(session.setCookie ? { setCookie: session.setCookie } : {}),
    };
  }
  const guestId = await readGuestId(request, context.config);
  return {
    kind: "guest",
    guestId,
    accountId: guestId,
    plan: "guest",
    ...(session.status === "profile-unavailable" ? { authError: "auth/profile-unavailable" as const } : {}),
    ...(session.status === "ended" ? { authError: session.reason } : {}),
  };
}
