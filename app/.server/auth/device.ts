// The trusted-device cookie (docs/decisions/0012-sign-in-throttle.md). A browser that typed the right password for an
// account gets a cookie naming that account; its later sign-ins to it skip the account-wide slow-down, so guesses
// from elsewhere never hold the owner up. It proves nothing else: it is no session and opens nothing.
// The value is the day it was issued, signed with the trusted-device key (auth/signing.ts) and bound to the e-mail,
// so it does not show the address and cannot be made for another account, or by a page that signs something else.
import type { AppConfig } from "../env";
import { normalizeEmail } from "./accounts";
import { TRUSTED_DEVICE_MS } from "./policy";
import { isSecureRequest, readCookie } from "./session";
import { signValue, verifySignedValue } from "./signing";

const DAY_MS = 24 * 60 * 60 * 1000;
/** `__Host-` over https like the session cookie (decision 0005); the plain name over local http. */
const SECURE_NAME = "__Host-device";
const PLAIN_NAME = "device";

function cookieName(request: Request): string {
  return isSecureRequest(request) ? SECURE_NAME : PLAIN_NAME;
}

/** The Set-Cookie that marks this browser as trusted for `email` from now on (one account per browser: the last). */
export async function trustedDeviceCookie(request: Request, config: AppConfig, email: string, now = Date.now()): Promise<string> {
  const day = Math.floor(now / DAY_MS);
  const value = await signValue(config.sessionSecret, "trusted-device", String(day), normalizeEmail(email));
  const secure = isSecureRequest(request) ? "; Secure" : "";
  const maxAge = Math.floor(TRUSTED_DEVICE_MS / 1000);
  return `${cookieName(request)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether this browser signed in to `email` within TRUSTED_DEVICE_MS. */
export async function isTrustedDevice(request: Request, config: AppConfig, email: string, now = Date.now()): Promise<boolean> {
  const signedDay = await verifySignedValue(config.sessionSecret, "trusted-device", readCookie(request, cookieName(request)), normalizeEmail(email));
  if (!signedDay || !/^\d{1,6}$/.test(signedDay)) return false;
  const ageDays = Math.floor(now / DAY_MS) - Number(signedDay);
  return ageDays >= 0 && ageDays * DAY_MS <= TRUSTED_DEVICE_MS;
}
