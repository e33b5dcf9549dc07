// Short-lived, signed, HttpOnly cookies for the steps between pages: "this browser just signed up as <user>"
// (so it may ask for the activation email again without a password), "this browser opened reset link <token>"
// (so the token leaves the address bar before the form is shown) and "this browser passed the first step of signing in
// to <user>" (so the two-step page may ask for the code; decision 0028).
import { now as clockNow } from "../clock";
import type { AppConfig, AppEnv } from "../env";
import { checkEmailToken } from "./email-tokens";
import { TWO_STEP } from "./policy";
import { isSecureRequest, readCookie } from "./session";
import { signValue, verifySignedValue } from "./signing";

export const PENDING_VERIFICATION_COOKIE = "verify_pending";
export const RESET_TOKEN_COOKIE = "reset_token";
export const PENDING_SECOND_STEP_COOKIE = "second_step";
const HOUR_SECONDS = 3600;

function cookie(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request) ? "; Secure" : "";
  // Path=/auth covers the pages and their ".data" requests (a cookie path must end at a "/" boundary).
  return `${name}=${encodeURIComponent(value)}; Path=/auth; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearCookie(request: Request, name: string): string {
  return cookie(request, name, "", 0);
}

export async function pendingVerificationCookie(request: Request, config: AppConfig, userId: string, now = Date.now()): Promise<string> {
  return cookie(
    request,
    PENDING_VERIFICATION_COOKIE,
    await signValue(config.sessionSecret, "pending-verification", `${userId}:${now + HOUR_SECONDS * 1000}`),
    HOUR_SECONDS,
  );
}

export async function readPendingVerification(request: Request, config: AppConfig, now = Date.now()): Promise<string | null> {
  const value = await verifySignedValue(config.sessionSecret, "pending-verification", readCookie(request, PENDING_VERIFICATION_COOKIE));
  if (!value) return null;
  const [userId, expires] = value.split(":");
  return userId && Number(expires) > now ? userId : null;
}

/**
 * Signs only a token that is a live reset link (unused, unexpired, of the reset kind); any other throws its AppError
 * (`auth/invalid-action-code`, `auth/expired-action-code`) and nothing is signed, so the page is no signing oracle
 * (decision 0005 "Signed values").
 */
export async function resetTokenCookie(request: Request, context: { env: AppEnv; config: AppConfig }, token: string): Promise<string> {
  await checkEmailToken(context.env, token, "reset-password");
  return cookie(request, RESET_TOKEN_COOKIE, await signValue(context.config.sessionSecret, "reset-token", token), HOUR_SECONDS);
}

export async function readResetToken(request: Request, config: AppConfig): Promise<string | null> {
  return verifySignedValue(config.sessionSecret, "reset-token", readCookie(request, RESET_TOKEN_COOKIE));
}

/** A first step passed for an account with two-step sign-in on: who, until when, and whose guest data may move in. */
export interface PendingSecondStep {
  userId: string;
  /** The visitor id whose chats move into the account once the second step passes (null: none move). */
  guestId: string | null;
  /** The first step was the password: the browser is trusted for the account once the second step passes (decision 0012). */
  trustDevice: boolean;
}

/**
 * Signed only after a right first step (a password, Google, Apple or an e-mail link), on the app clock so tests and
 * /dev/clock can step past its 5 minutes. It is no session: it only lets /auth/two-step ask for the code.
 */
export async function pendingSecondStepCookie(request: Request, config: AppConfig, pending: PendingSecondStep): Promise<string> {
  const value = `${pending.userId}|${clockNow() + TWO_STEP.pendingMs}|${pending.guestId ?? ""}|${pending.trustDevice ? "p" : ""}`;
  return cookie(
    request,
    PENDING_SECOND_STEP_COOKIE,
    await signValue(config.sessionSecret, "pending-second-step", value),
    Math.floor(TWO_STEP.pendingMs / 1000),
  );
}

/** The pending second step, or "expired" (signed by us but past its 5 minutes), or null (none, or not ours). */
export async function readPendingSecondStep(request: Request, config: AppConfig): Promise<PendingSecondStep | "expired" | null> {
  const value = await verifySignedValue(config.sessionSecret, "pending-second-step", readCookie(request, PENDING_SECOND_STEP_COOKIE));
  if (!value) return null;
  const [userId, expires, guestId, trust] = value.split("|");
  if (!userId || !expires) return null;
  if (Number(expires) <= clockNow()) return "expired";
  return { userId, guestId: guestId || null, trustDevice: trust === "p" };
}
