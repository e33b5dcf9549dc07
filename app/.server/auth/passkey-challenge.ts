// The challenge of one passkey ceremony (decision 0028). Asking for one writes nothing: it travels to the browser in
// the options and back in a signed, HttpOnly cookie (its own key, bound to the account for an "add a passkey"), so
// the sign-in page can offer passkeys on every view without a database row per visitor. Answering it marks it used
// in D1 until it would have expired, so the same signed answer sent again is refused (a replay).
import { lt } from "drizzle-orm";
import { now as clockNow } from "../clock";
import { getPrimaryDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { randomToken } from "./crypto";
import { PASSKEY_CHALLENGE_MS } from "./policy";
import { isSecureRequest, readCookie } from "./session";
import { signValue, verifySignedValue } from "./signing";

export type CeremonyPurpose = "register" | "sign-in";

/** `__Host-` over https like the session cookie (decision 0005); the plain name over local http. */
function cookieName(request: Request): string {
  return isSecureRequest(request) ? "__Host-passkey_challenge" : "passkey_challenge";
}

function cookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return `${cookieName(request)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function clearChallengeCookie(request: Request): string {
  return cookie(request, "", 0);
}

/** A new 256-bit challenge and the cookie that brings it back; `userId` binds an "add a passkey" to its account. */
export async function newChallenge(
  request: Request,
  config: AppConfig,
  purpose: CeremonyPurpose,
  userId = "",
): Promise<{ challenge: string; setCookie: string }> {
  const challenge = randomToken(32);
  const value = `${purpose}|${challenge}|${clockNow() + PASSKEY_CHALLENGE_MS}`;
  const signed = await signValue(config.sessionSecret, "passkey-challenge", value, userId);
  return { challenge, setCookie: cookie(request, signed, Math.floor(PASSKEY_CHALLENGE_MS / 1000)) };
}

/** The challenge this browser was given for `purpose` (and account), unexpired; else auth/passkey-failed. */
export async function readChallenge(
  request: Request,
  config: AppConfig,
  purpose: CeremonyPurpose,
  userId = "",
): Promise<{ challenge: string; expiresAt: number }> {
  const value = await verifySignedValue(config.sessionSecret, "passkey-challenge", readCookie(request, cookieName(request)), userId);
  const [kind, challenge, expires] = value?.split("|") ?? [];
  const expiresAt = Number(expires);
  if (kind !== purpose || !challenge || !(expiresAt > clockNow())) throw new AppError("auth/passkey-failed");
  return { challenge, expiresAt };
}

/**
 * Marks a verified answer's challenge used; a challenge used before is a replay (auth/passkey-failed). Challenges past
 * their lifetime are forgotten on the way, since their cookies can no longer be read.
 */
export async function consumeChallenge(env: AppEnv, challenge: { challenge: string; expiresAt: number }): Promise<void> {
  const db = getPrimaryDb(env);
  await db.delete(schema.usedPasskeyChallenges).where(lt(schema.usedPasskeyChallenges.expiresAt, clockNow()));
  const inserted = await db
    .insert(schema.usedPasskeyChallenges)
    .values({ challenge: challenge.challenge, expiresAt: challenge.expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: schema.usedPasskeyChallenges.challenge });
  if (inserted.length === 0) throw new AppError("auth/passkey-failed");
}
