// Server-side sessions. The browser holds a random 256-bit token in an HttpOnly cookie; D1 holds only its SHA-256,
// so neither a database leak nor a log line can be replayed as a session. Every sign-in makes a new token.
import { and, eq, ne, sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { getDb, getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import { now as clockNow } from "../clock";
import { randomToken, sha256Hex } from "./crypto";
import { SESSION_POLICY } from "./policy";

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

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function sessionCookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return `${sessionCookieName(request)}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearSessionCookie(request: Request): string {
  return sessionCookie(request, "", 0);
}

export function readSessionToken(request: Request): string | null {
  const value = readCookie(request, sessionCookieName(request));
  // Tokens are 43 base64url characters; anything else is not ours and is not worth a database lookup.
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * Starts a session for `userId` and returns the Set-Cookie header. Replaces the browser's previous session, if any.
 * Called only when the person has just proved who they are, so the session counts as a recent sign-in from now;
 * `secondFactor`: they proved the second factor too (a code or a passkey), which counts as recent as well (decision 0028).
 */
export async function createSession(
  env: AppEnv,
  request: Request,
  userId: string,
  { secondFactor = false, now = Date.now() }: { secondFactor?: boolean; now?: number } = {},
): Promise<{ setCookie: string; sessionId: string }> {
  const db = getPrimaryDb(env);
  const previous = readSessionToken(request);
  if (previous) await db.delete(schema.sessions).where(eq(schema.sessions.id, await sha256Hex(previous)));
  const token = randomToken(32);
  const sessionId = await sha256Hex(token);
  await db.insert(schema.sessions).values({
    id: sessionId,
    userId,
    expiresAt: now + SESSION_POLICY.idleMs,
    lastSeenAt: now,
    userAgent: request.headers.get("User-Agent")?.slice(0, 255) ?? null,
    // The app clock, which tests and /dev/clock move, so "more than 10 minutes ago" can be tried without waiting.
    signedInAt: clockNow(),
    secondFactorAt: secondFactor ? clockNow() : 0,
    createdAt: now,
  });
  return { setCookie: sessionCookie(request, token, Math.floor(SESSION_POLICY.absoluteMs / 1000)), sessionId };
}

/** This session just proved the account's second factor (turning two-step sign-in on with the app's first code). */
export async function markSecondFactor(env: AppEnv, sessionId: string): Promise<void> {
  await getPrimaryDb(env).update(schema.sessions).set({ secondFactorAt: clockNow() }).where(eq(schema.sessions.id, sessionId));
}

/** Ends this browser's session on the server and returns the header that removes the cookie. */
export async function destroySession(env: AppEnv, request: Request): Promise<string> {
  const token = readSessionToken(request);
  if (token)
    await getDb(env)
      .delete(schema.sessions)
      .where(eq(schema.sessions.id, await sha256Hex(token)));
  return clearSessionCookie(request);
}

/** Signs the user out everywhere, or everywhere but `exceptSessionId` ("sign out of other devices"). */
export async function destroyUserSessions(env: AppEnv, userId: string, exceptSessionId?: string): Promise<number> {
  const db = getDb(env);
  const where = exceptSessionId ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, exceptSessionId)) : eq(schema.sessions.userId, userId);
  const deleted = await db.delete(schema.sessions).where(where).returning({ id: schema.sessions.id });
  return deleted.length;
}

export function avatarUrl(user: { id: string; profilePhotoKey: string | null }): string | null {
  if (!user.profilePhotoKey) return null;
  // The key's random file name doubles as a cache buster: a new photo gets a new URL.
  const version = user.profilePhotoKey.split("/").pop()?.split(".")[0] ?? "1";
  return `/media/avatar/${user.id}?v=${version}`;
}

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerified,
    accessLevel: user.accessLevel,
    profilePhotoUrl: avatarUrl(user),
  };
}

export type SessionLookup =
  | { status: "none" }
  | { status: "ok"; user: User; sessionId: string; signedInAt: number; secondFactorAt: number }
  /** The cookie named a live session but the profile could not be loaded (docs/product.md §4: treated as signed out). */
  | { status: "profile-unavailable" }
  /**
   * The cookie names a session that is over: expired, signed out elsewhere (revoked, password reset), or its account
   * disabled. Treated as signed out, and the page says so once (docs/product.md §8) and removes the cookie.
   */
  | { status: "ended"; reason: "auth/user-token-expired" | "auth/user-disabled" | "account/deleted" };

/**
 * The session behind the request's cookie. Expired sessions, disabled users (signed out everywhere at once) and
 * docs/product.md §4's unverified email-only accounts count as no session. An unverified account with another way in
 * (Google, Apple or a passkey, each of which signed the person in) keeps its session, and Settings asks it to verify the
 * address: otherwise a passkey-only account would be signed out again right after every sign-in (decision 0005).
 */
export async function lookupSession(env: AppEnv, request: Request, now = Date.now()): Promise<SessionLookup> {
  const token = readSessionToken(request);
  if (!token) return { status: "none" };
  const sessionId = await sha256Hex(token);
  const db = getDb(env);
  let row;
  try {
    row = (
      await db
        .select({
          session: schema.sessions,
          user: schema.users,
          otherWayIn: sql<number>`exists (select 1 from ${schema.loginConnections} where ${schema.loginConnections.userId} = ${schema.sessions.userId} and ${schema.loginConnections.provider} <> 'email') or exists (select 1 from ${schema.passkeys} where ${schema.passkeys.userId} = ${schema.sessions.userId})`,
        })
        .from(schema.sessions)
        .leftJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
        .where(eq(schema.sessions.id, sessionId))
        .limit(1)
    )[0];
  } catch (error) {
    console.error("auth: session lookup failed", error instanceof Error ? error.message : error);
    return { status: "profile-unavailable" };
  }
  if (!row) return { status: "ended", reason: "auth/user-token-expired" };
  const { session, user } = row;
  if (session.expiresAt <= now || session.createdAt + SESSION_POLICY.absoluteMs <= now) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
    return { status: "ended", reason: "auth/user-token-expired" };
  }
  if (!user) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
    return { status: "profile-unavailable" };
  }
  if (user.disabledAt) {
    await destroyUserSessions(env, user.id);
    return { status: "ended", reason: "auth/user-disabled" };
  }
  // Its sessions went with the first step of the deletion (decision 0033); one that slipped in meanwhile ends here.
  if (user.deletingAt) {
    await destroyUserSessions(env, user.id);
    return { status: "ended", reason: "account/deleted" };
  }
  if (!user.emailVerified && !row.otherWayIn) return { status: "none" };
  if (now - session.lastSeenAt > SESSION_POLICY.touchEveryMs) {
    await db
      .update(schema.sessions)
      .set({ lastSeenAt: now, expiresAt: Math.min(now + SESSION_POLICY.idleMs, session.createdAt + SESSION_POLICY.absoluteMs) })
      .where(eq(schema.sessions.id, sessionId));
  }
  return { status: "ok", user, sessionId, signedInAt: session.signedInAt, secondFactorAt: session.secondFactorAt };
}
