// Server-side sessions, kept in the person's own object (decision 0039). The browser holds `<user id>.<token>.<mac>`:
// the account's id, which says whose object to ask, a random 256-bit token, of which the object holds only the
// SHA-256, so neither a leak of its storage nor a log line can be replayed as a session, and a MAC of both. Every sign-in makes a new
// token. Authenticating a request is one call to that object and reads nothing shared.
import { readCookie as readHeaderCookie } from "../../lib/cookies";
import { inAccount } from "../account/client";
import { isAccountDeleted, unlessDeleted } from "../account/tombstone";
import { loadConfig, type AppEnv } from "../env";
import { now as clockNow } from "../clock";
import { equalSecrets, randomToken, sha256Hex } from "./crypto";
import { isLegacyCookie, moveInLegacySession } from "./legacy-session";
import { macHex } from "./signing";
import { SESSION_POLICY } from "./policy";
import type { ViewerProfileRow, WhoIs } from "./session-operations";
import { loadViewerProfile } from "./viewer-profile";

/** The public part of a signed-in user that pages may show. */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
  accessLevel: "basic" | "pro";
  profilePhotoUrl: string | null;
}

/**
 * `__Host-` makes the browser refuse the cookie unless it is Secure, host-only and Path=/, so a sibling subdomain
 * or a plain-http network attacker cannot plant or overwrite it. Browsers also refuse Secure cookies from plain
 * http, so local http runs (wrangler dev, e2e) use the unprefixed name (docs/decisions/0005-accounts.md).
 */
export const SECURE_SESSION_COOKIE = "__Host-session";
export const PLAIN_SESSION_COOKIE = "session";

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookieName(request: Request): string {
  return isSecureRequest(request) ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;
}

/** A cookie of the request (app/lib/cookies.ts reads it: one that cannot be decoded counts as absent). */
export function readCookie(request: Request, name: string): string | undefined {
  return readHeaderCookie(request.headers.get("Cookie"), name);
}

function sessionCookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return `${sessionCookieName(request)}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearSessionCookie(request: Request): string {
  return sessionCookie(request, "", 0);
}

/**
 * A cookie of the session's format: the account's id (letters, digits and dashes: never a guest's `g_` id), the token,
 * and a MAC of both under a key for this purpose (auth/signing.ts), so a cookie this server did not make never reaches
 * an account's object: a forged account id would otherwise create an object for it (decision 0039).
 */
const SESSION_VALUE = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})\.([0-9a-f]{32})$/;

/** The session a request's cookie names: whose object holds it, and its id there (the token's SHA-256). */
export interface SessionRef {
  userId: string;
  sessionId: string;
}

const sessionMac = async (env: AppEnv, userId: string, token: string) =>
  (await macHex(loadConfig(env).sessionSecret, "session-account", `${userId}.${token}`)).slice(0, 32);

/**
 * The cookie's account and session, without checking its MAC: only for the chat's owner hint, which looks the session
 * id up among the sessions this isolate verified (chat/owner-hint.ts) and grants nothing by itself.
 */
export async function readSessionRef(request: Request): Promise<SessionRef | null> {
  const match = SESSION_VALUE.exec(readCookie(request, sessionCookieName(request)) ?? "");
  return match ? { userId: match[1]!, sessionId: await sha256Hex(match[2]!) } : null;
}

/** The cookie's account and session when this server made the cookie; null for no cookie, an old one, or a forged one. */
async function verifiedSessionRef(env: AppEnv, request: Request): Promise<SessionRef | null> {
  const match = SESSION_VALUE.exec(readCookie(request, sessionCookieName(request)) ?? "");
  if (!match || !(await equalSecrets(match[3]!, await sessionMac(env, match[1]!, match[2]!)))) return null;
  return { userId: match[1]!, sessionId: await sha256Hex(match[2]!) };
}

async function sessionCookieFor(env: AppEnv, request: Request, userId: string, token: string): Promise<string> {
  const value = `${userId}.${token}.${await sessionMac(env, userId, token)}`;
  return sessionCookie(request, value, Math.floor(SESSION_POLICY.absoluteMs / 1000));
}

/**
 * Starts a session for `userId` and returns the Set-Cookie header. Replaces the browser's previous session, if any.
 * Called only when the person has just proved who they are, so the session counts as a recent sign-in from now;
 * `secondFactor`: they proved the second factor too (a code or a passkey), which counts as recent as well (decision 0028).
 * The profile the account's object shows signed-in requests is read from D1 here (a sign-in is one of the few requests
 * that read it, decision 0039) and goes in with the session.
 */
export async function createSession(
  env: AppEnv,
  request: Request,
  userId: string,
  { secondFactor = false, now = Date.now() }: { secondFactor?: boolean; now?: number } = {},
): Promise<{ setCookie: string; sessionId: string }> {
  const profile = await loadViewerProfile(env, userId);
  if (!profile) throw new Error("auth: a session for a user who does not exist");
  const previous = await verifiedSessionRef(env, request);
  const token = randomToken(32);
  const sessionId = await sha256Hex(token);
  const session = {
    id: sessionId,
    userAgent: request.headers.get("User-Agent")?.slice(0, 255) ?? null,
    now,
    // The app clock, which tests and /dev/clock move, so "more than 10 minutes ago" can be tried without waiting.
    signedInAt: clockNow(),
    secondFactorAt: secondFactor ? clockNow() : 0,
  };
  const replaces = previous?.userId === userId ? previous.sessionId : null;
  await inAccount(env, userId, "auth.startSession", { session, replaces, profile });
  if (previous && !replaces) await unlessDeleted(inAccount(env, previous.userId, "auth.endSession", previous.sessionId), undefined);
  return { setCookie: await sessionCookieFor(env, request, userId, token), sessionId };
}

/** This session just proved the account's second factor (turning two-step sign-in on with the app's first code). */
export async function markSecondFactor(env: AppEnv, session: SessionRef): Promise<void> {
  await inAccount(env, session.userId, "auth.markSecondFactor", { sessionId: session.sessionId, at: clockNow() });
}

/** Ends this browser's session on the server and returns the header that removes the cookie. */
export async function destroySession(env: AppEnv, request: Request): Promise<string> {
  const found = await sessionOf(env, request, Date.now());
  if (found && "ref" in found) await endSession(env, found.ref);
  return clearSessionCookie(request);
}

/** Ends one session (the OAuth callback's "a sign-in replaces the browser's previous session"). */
export async function endSession(env: AppEnv, session: SessionRef): Promise<void> {
  await unlessDeleted(inAccount(env, session.userId, "auth.endSession", session.sessionId), undefined);
}

/**
 * Signs the user out everywhere, or everywhere but `exceptSessionId` ("sign out of other devices"), at once: the
 * sessions are rows of the account's object, which every signed-in request asks. Answers how many ended.
 */
export async function destroyUserSessions(env: AppEnv, userId: string, exceptSessionId?: string): Promise<number> {
  return unlessDeleted(inAccount(env, userId, "auth.endSessions", { except: exceptSessionId, now: Date.now() }), 0);
}

/** One live session of the account (null when it ended), e.g. the one that started an OAuth flow. */
export async function findSession(env: AppEnv, session: SessionRef) {
  return unlessDeleted(inAccount(env, session.userId, "auth.session", { sessionId: session.sessionId, now: Date.now() }), null);
}

/** The account's live sessions, newest first (Settings' devices). */
export async function listSessions(env: AppEnv, userId: string) {
  return unlessDeleted(inAccount(env, userId, "auth.sessions", { now: Date.now() }), []);
}

export function avatarUrl(user: { id: string; profilePhotoKey: string | null }): string | null {
  if (!user.profilePhotoKey) return null;
  // The key's random file name doubles as a cache buster: a new photo gets a new URL.
  const version = user.profilePhotoKey.split("/").pop()?.split(".")[0] ?? "1";
  return `/media/avatar/${user.id}?v=${version}`;
}

export function toSessionUser(userId: string, profile: ViewerProfileRow, plan: "free" | "pro"): SessionUser {
  return {
    id: userId,
    email: profile.email,
    displayName: profile.displayName,
    emailVerified: profile.emailVerified,
    accessLevel: plan === "pro" ? "pro" : "basic",
    profilePhotoUrl: avatarUrl({ id: userId, profilePhotoKey: profile.profilePhotoKey }),
  };
}

type Ended = Extract<WhoIs, { status: "ended" }>;

export type SessionLookup =
  | { status: "none" }
  | {
      status: "ok";
      userId: string;
      profile: ViewerProfileRow;
      sessionId: string;
      signedInAt: number;
      secondFactorAt: number;
      /** A cookie of the old format was moved in: the browser gets the new one. */
      setCookie?: string;
    }
  /** The cookie named a live session but the profile could not be loaded (docs/product.md §4: treated as signed out). */
  | { status: "profile-unavailable" }
  /**
   * The cookie names a session that is over: expired, signed out elsewhere (revoked, password reset), or its account
   * disabled. Treated as signed out, and the page says so once (docs/product.md §8) and removes the cookie.
   */
  | Ended;

/** The request's session: its account and id, and the cookie to set when an old one was moved in; or why there is none. */
async function sessionOf(env: AppEnv, request: Request, now: number): Promise<SessionLookup | { ref: SessionRef; setCookie?: string } | null> {
  const ref = await verifiedSessionRef(env, request);
  if (ref) return { ref };
  // A cookie from before decision 0039 (the token alone): its session is moved in once and the cookie rewritten.
  const token = readCookie(request, sessionCookieName(request));
  if (!isLegacyCookie(token)) return null;
  const moved = await moveInLegacySession(env, token, now);
  if (moved.status !== "moved") return moved;
  return { ref: { userId: moved.userId, sessionId: moved.sessionId }, setCookie: await sessionCookieFor(env, request, moved.userId, token) };
}

/**
 * The session behind the request's cookie, answered by the account's object in one call (decision 0039): no shared
 * read. Expired sessions, disabled users (signed out everywhere at once) and docs/product.md §4's unverified
 * email-only accounts count as no session. An unverified account with another way in (Google, Apple or a passkey,
 * each of which signed the person in) keeps its session, and Settings asks it to verify the address: otherwise a
 * passkey-only account would be signed out again right after every sign-in (decision 0005).
 */
export async function lookupSession(env: AppEnv, request: Request, now = Date.now()): Promise<SessionLookup> {
  let found;
  try {
    found = await sessionOf(env, request, now);
  } catch (error) {
    console.error("auth: moving an old session in failed", error instanceof Error ? error.message : error);
    return { status: "profile-unavailable" };
  }
  if (!found) return { status: "none" };
  if (!("ref" in found)) return found;
  const { ref } = found;
  let answer: WhoIs;
  try {
    answer = await inAccount(env, ref.userId, "auth.whoIs", { sessionId: ref.sessionId, now });
  } catch (error) {
    // The first step of deleting the account erased its object: its sessions are over, as when they were deleted
    // with it (decision 0033).
    if (isAccountDeleted(error)) return { status: "ended", reason: "auth/user-token-expired" };
    console.error("auth: session lookup failed", error instanceof Error ? error.message : error);
    return { status: "profile-unavailable" };
  }
  if (answer.status !== "ok") return answer;
  return { ...answer, userId: ref.userId, sessionId: ref.sessionId, ...(found.setCookie ? { setCookie: found.setCookie } : {}) };
}
