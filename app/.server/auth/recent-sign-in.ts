// Recent sign-in for the changes that could lock the owner out of the account: adding or changing a password,
// adding or removing a sign-in method, deleting the account (SECURITY.md "Passwords and sign-in", decision 0005). Whoever holds
// a session (a stolen cookie, a computer left signed in) can use the account, but cannot take it over without proving
// who they are again: the password, a fresh Google/Apple sign-in, or an e-mail sign-in link. Each of those starts a
// new session (session.ts createSession), whose sign-in time is what this checks. On an account with two-step sign-in
// on, the changes to the second factors themselves (a passkey added, recovery codes renewed) need the second factor
// proven recently as well (decision 0028 "A second factor guards second factors").
import type { User } from "../../../db/schema";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { verifyPassword } from "./password";
import { SESSION_POLICY } from "./policy";
import { beginSignInAttempt } from "./throttle";
import { isTwoStepOn } from "./two-step";

/** Whether the session proved its owner within SESSION_POLICY.recentSignInMs. */
export function isRecentSignIn(session: { signedInAt: number }, now = clockNow()): boolean {
  return now - session.signedInAt <= SESSION_POLICY.recentSignInMs;
}

/** Throws auth/requires-recent-login (401) unless the session proved its owner within SESSION_POLICY.recentSignInMs. */
export function requireRecentSignIn(session: { signedInAt: number }, now = clockNow()): void {
  if (!isRecentSignIn(session, now)) throw new AppError("auth/requires-recent-login");
}

/**
 * For a change that adds or renews a second factor: a recent sign-in, and, when two-step sign-in is on, a second
 * factor proven within the same 10 minutes (a code or a passkey at sign-in, or "Confirm it's you" with the code);
 * otherwise auth/requires-second-factor (401), which asks for the code. A password alone adds no lasting way in.
 */
export async function requireSecondFactor(
  env: AppEnv,
  session: { user: { id: string }; signedInAt: number; secondFactorAt: number },
  now = clockNow(),
): Promise<void> {
  requireRecentSignIn(session, now);
  if (!(await isTwoStepOn(env, session.user.id))) return;
  if (now - session.secondFactorAt > SESSION_POLICY.recentSignInMs) throw new AppError("auth/requires-second-factor");
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
