// Recent sign-in for the changes that could lock the owner out of the account: adding or changing a password,
// adding or removing a sign-in method, deleting the account (SECURITY.md "Passwords and sign-in", decision 0005). Whoever holds
// a session (a stolen cookie, a computer left signed in) can use the account, but cannot take it over without proving
// who they are again: the password, a fresh Google/Apple sign-in, or an e-mail sign-in link. Each of those starts a
// new session (session.ts createSession), whose sign-in time is what this checks.
import type { User } from "../../../db/schema";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { verifyPassword } from "./password";
import { SESSION_POLICY } from "./policy";
import { beginSignInAttempt } from "./throttle";

/** Whether the session proved its owner within SESSION_POLICY.recentSignInMs. */
export function isRecentSignIn(session: { signedInAt: number }, now = clockNow()): boolean {
  return now - session.signedInAt <= SESSION_POLICY.recentSignInMs;
}

/** Throws auth/requires-recent-login (401) unless the session proved its owner within SESSION_POLICY.recentSignInMs. */
export function requireRecentSignIn(session: { signedInAt: number }, now = clockNow()): void {
  if (!isRecentSignIn(session, now)) throw new AppError("auth/requires-recent-login");
}

/**
 * "Confirm it's you" with the account's password. Counted in the same windows as sign-in attempts (decision 0012), so
 * a session holder gets no more guesses at the password than anyone else. The caller starts a fresh session after it.
 */
export async function confirmPassword(
  env: AppEnv,
  user: Pick<User, "email" | "passwordHash">,
  input: { password: string; address: string; trustedDevice?: boolean },
): Promise<void> {
  const attempt = await beginSignInAttempt(env, user.email, input.address, { trustedDevice: input.trustedDevice });
  // An account without a password still costs one PBKDF2 run (a dummy hash), like sign-in.
  const check = await verifyPassword(input.password, user.passwordHash);
  if (!check.ok) throw new AppError("auth/wrong-password");
  await attempt.succeeded();
}
