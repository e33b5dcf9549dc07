// Client side of the AuthThrottle Durable Object: named counters with the windows of policy.ts.
import type { AttemptResult, ThrottleWindow } from "../../../workers/auth-throttle";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { THROTTLE } from "./policy";

function counter(env: AppEnv, key: string) {
  return env.AUTH_THROTTLE.get(env.AUTH_THROTTLE.idFromName(key));
}

/** The network address a request came from (Cloudflare sets CF-Connecting-IP; local runs have none). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Real-IP") ?? "local";
}

export const throttleKeys = {
  signInAccount: (email: string) => `signin:account:${email}`,
  signInAddress: (address: string) => `signin:address:${address}`,
  signUpAddress: (address: string) => `signup:address:${address}`,
  emails: (kind: string, userId: string) => `email:${kind}:${userId}`,
};

export async function countAttempt(env: AppEnv, key: string, window: ThrottleWindow): Promise<AttemptResult> {
  return counter(env, key).attempt(window);
}

export async function forgiveAttempt(env: AppEnv, key: string, attempt: AttemptResult): Promise<void> {
  if (attempt.attemptId) await counter(env, key).forgive(attempt.attemptId);
}

export async function clearAttempts(env: AppEnv, key: string): Promise<void> {
  await counter(env, key).clear();
}

/**
 * Counts a sign-in attempt against both the account (email) and the address, before the password is checked.
 * Throws auth/too-many-requests when either is full. Returns `succeeded`, which takes the attempt back.
 */
export async function beginSignInAttempt(env: AppEnv, email: string, address: string) {
  const accountKey = throttleKeys.signInAccount(email);
  const addressKey = throttleKeys.signInAddress(address);
  const [account, perAddress] = await Promise.all([
    countAttempt(env, accountKey, THROTTLE.signInPerAccount),
    countAttempt(env, addressKey, THROTTLE.signInPerAddress),
  ]);
  if (!account.allowed || !perAddress.allowed) {
    // The refused attempt must not count against the other counter either.
    await Promise.all([forgiveAttempt(env, accountKey, account), forgiveAttempt(env, addressKey, perAddress)]);
    throw new AppError("auth/too-many-requests", {
      details: { retryAfterSeconds: String(Math.ceil(Math.max(account.retryAfterMs, perAddress.retryAfterMs) / 1000)) },
    });
  }
  return {
    /** A correct password: the account's failures are forgotten, and this attempt no longer counts for the address. */
    async succeeded() {
      await Promise.all([clearAttempts(env, accountKey), forgiveAttempt(env, addressKey, perAddress)]);
    },
  };
}

/** For actions that are simply limited (sign-ups per address, emails per account): throws when the window is full. */
export async function limitOrThrow(env: AppEnv, key: string, window: ThrottleWindow): Promise<void> {
  const result = await countAttempt(env, key, window);
  if (!result.allowed) {
    throw new AppError("auth/too-many-requests", { details: { retryAfterSeconds: String(Math.ceil(result.retryAfterMs / 1000)) } });
  }
}
