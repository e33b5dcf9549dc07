// Client side of the AuthThrottle Durable Object: named counters with the windows of policy.ts.
import type { AttemptResult, ThrottleWindow } from "./throttle-counter";
import { addressBucket } from "../credits/address";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";
import { THROTTLE } from "./policy";

function counter(env: AppEnv, key: string) {
  return env.AUTH_THROTTLE.get(env.AUTH_THROTTLE.idFromName(key));
}

/** The network address a request came from (Cloudflare sets CF-Connecting-IP; local runs have none). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Real-IP") ?? "local";
}

export const throttleKeys = {
  /** Across every address: slowed past its limit, never locked (THROTTLE.signInPerAccount). */
  signInAccount: (email: string) => `signin:account:${email}`,
  signInPair: (email: string, address: string) => `signin:pair:${addressBucket(address)}:${email}`,
  signInAddress: (address: string) => `signin:address:${addressBucket(address)}`,
  signUpAddress: (address: string) => `signup:address:${addressBucket(address)}`,
  signInLinkAddress: (address: string) => `signin-link:address:${addressBucket(address)}`,
  emails: (kind: string, userId: string) => `email:${kind}:${userId}`,
  /** Reset or activation mails asked for from one address (sign-in links have `signInLinkAddress`). */
  accountEmailsAddress: (kind: "reset-password" | "verify-email", address: string) => `email-request:${kind}:address:${addressBucket(address)}`,
  /** Two-step codes (and recovery codes) tried for one account: from one address, and from everywhere (decision 0028). */
  codePair: (userId: string, address: string) => `two-step:pair:${addressBucket(address)}:${userId}`,
  codeAccount: (userId: string) => `two-step:account:${userId}`,
  /** Reset mails asked for one e-mail address, whether or not it has an account. */
  resetRequestsEmail: (email: string) => `email-request:reset-password:email:${email}`,
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

function tooManyRequests(retryAfterMs: number): AppError {
  return new AppError("auth/too-many-requests", { retryAfterSeconds: secondsToWait(retryAfterMs) });
}

/**
 * Counts an attempt at a secret (a password, a two-step code) before it is checked, in every window of `counted`;
 * throws auth/too-many-requests with the longest wait when any refuses. Returns `succeeded`: a right answer forgets the
 * first window's failures (the owner's own typos from this address) and takes this attempt back everywhere.
 */
async function beginCountedAttempt(env: AppEnv, counted: [string, ThrottleWindow][]) {
  const results = await Promise.all(counted.map(([key, window]) => countAttempt(env, key, window)));
  const forgiveAll = () => Promise.all(counted.map(([key], index) => forgiveAttempt(env, key, results[index]!)));
  if (results.some((result) => !result.allowed)) {
    // A refused attempt counts nowhere, so it never eats into another counter's allowance.
    await forgiveAll();
    throw tooManyRequests(Math.max(...results.map((result) => result.retryAfterMs)));
  }
  return {
    /**
     * A correct answer: this address's earlier failures for the account were the owner's own typos and are forgotten;
     * the attempt itself no longer counts anywhere. Failures from other addresses stay counted (they may be a guesser's).
     */
    async succeeded() {
      await Promise.all([clearAttempts(env, counted[0]![0]), forgiveAll()]);
    },
  };
}

/**
 * Counts a sign-in attempt before the password is checked (docs/decisions/0012-sign-in-throttle.md): against the
 * (email, address) pair, the address, and (unless this browser signed in to the account before) the account across
 * all addresses, which only slows. Throws auth/too-many-requests with the wait when any refuses. Returns `succeeded`.
 */
export async function beginSignInAttempt(env: AppEnv, email: string, address: string, options: { trustedDevice?: boolean } = {}) {
  const counted: [string, ThrottleWindow][] = [
    [throttleKeys.signInPair(email, address), THROTTLE.signInPerAccountAddress],
    [throttleKeys.signInAddress(address), THROTTLE.signInPerAddress],
  ];
  if (!options.trustedDevice) counted.push([throttleKeys.signInAccount(email), THROTTLE.signInPerAccount]);
  return beginCountedAttempt(env, counted);
}

/**
 * Counts a two-step code (or recovery code) before it is checked, like a password (decision 0028): per (account,
 * address) and per account from everywhere. Unlike sign-in, a trusted browser is counted too: that cookie only says
 * the browser knew the password, which is all someone guessing codes already has. The account window locks rather
 * than slows: a code has a million values.
 */
export async function beginCodeAttempt(env: AppEnv, userId: string, address: string) {
  return beginCountedAttempt(env, [
    [throttleKeys.codePair(userId, address), THROTTLE.codesPerAccountAddress],
    [throttleKeys.codeAccount(userId), THROTTLE.codesPerAccount],
  ]);
}

/** A proven mailbox (password reset) lifts the account's slow-down and the lockout of the address it was done from. */
export async function clearSignInFailures(env: AppEnv, email: string, address: string | undefined): Promise<void> {
  await Promise.all([
    clearAttempts(env, throttleKeys.signInAccount(email)),
    address ? clearAttempts(env, throttleKeys.signInPair(email, address)) : Promise.resolve(),
  ]);
}

/** For actions that are simply limited (sign-ups per address, emails per account): throws when the window is full. */
export async function limitOrThrow(env: AppEnv, key: string, window: ThrottleWindow): Promise<void> {
  const result = await countAttempt(env, key, window);
  if (!result.allowed) {
    throw tooManyRequests(result.retryAfterMs);
  }
}
