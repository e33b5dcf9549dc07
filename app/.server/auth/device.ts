// The trusted-device cookie (docs/decisions/0012-sign-in-throttle.md). A browser that typed the right password for an
// account gets a cookie naming that account; its later sign-ins to it skip the account-wide slow-down, so guesses
// from elsewhere never hold the owner up. It proves nothing else: it is no session and opens nothing.
// The value is `<day issued>.<HMAC(SESSION_SECRET, day + email)>`, so it does not show the email and cannot be made
// for another account without the secret.
import type { AppConfig } from "../env";
import { normalizeEmail } from "./accounts";
import { base64UrlEncode, timingSafeEqualStrings } from "./crypto";
import { TRUSTED_DEVICE_MS } from "./policy";
import { isSecureRequest, readCookie } from "./session";

const DAY_MS = 24 * 60 * 60 * 1000;
/** `__Host-` over https like the session cookie (decision 0005); the plain name over local http. */
const SECURE_NAME = "__Host-device";
const PLAIN_NAME = "device";

function cookieName(request: Request): string {
  return isSecureRequest(request) ? SECURE_NAME : PLAIN_NAME;
}

async function signature(secret: string, day: number, email: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`device|${day}|${email}`));
  return base64UrlEncode(new Uint8Array(mac));
}

/** The Set-Cookie that marks this browser as trusted for `email` from now on (one account per browser: the last). */
export async function trustedDeviceCookie(request: Request, config: AppConfig, email: string, now = Date.now()): Promise<string> {
  const day = Math.floor(now / DAY_MS);
  const value = `${day}.${await signature(config.sessionSecret, day, normalizeEmail(email))}`;
  const secure = isSecureRequest(request) ? "; Secure" : "";
  const maxAge = Math.floor(TRUSTED_DEVICE_MS / 1000);
  return `${cookieName(request)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether this browser signed in to `email` within TRUSTED_DEVICE_MS. */
export async function isTrustedDevice(request: Request, config: AppConfig, email: string, now = Date.now()): Promise<boolean> {
  const value = readCookie(request, cookieName(request));
  const match = value ? /^(\d{1,6})\.([\w-]{43})$/.exec(value) : null;
  if (!match) return false;
  const day = Number(match[1]);
  const ageDays = Math.floor(now / DAY_MS) - day;
  if (ageDays < 0 || ageDays * DAY_MS > TRUSTED_DEVICE_MS) return false;
  return timingSafeEqualStrings(await signature(config.sessionSecret, day, normalizeEmail(email)), match[2]!);
}
