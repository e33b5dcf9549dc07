// Sign-in by e-mail link (SPEC §7 signInWithEmailLink; issue 17). A one-time link, valid 15 minutes, stored only as
// its SHA-256 like the other e-mail links (email-tokens.ts). Asking for a link answers the same whether or not the
// address has an account (the caller sends after responding), and is limited per address and per account.
import type { User } from "../../../db/schema";
import { safeRedirectPath } from "../../lib/auth";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findUser, findUserByEmail, markEmailVerified, normalizeEmail, type LinkContext } from "./accounts";
import { consumeEmailToken, createEmailToken } from "./email-tokens";
import { THROTTLE } from "./policy";
import { clearSignInFailures, countAttempt, limitOrThrow, throttleKeys } from "./throttle";

/** Before answering: one address may ask for a handful of links (refused with a wait, which reveals nothing). */
export async function limitSignInLinkRequests(env: AppEnv, address: string): Promise<void> {
  await limitOrThrow(env, throttleKeys.signInLinkAddress(address), THROTTLE.signInLinksPerAddress);
}

/** After answering: e-mails the link when the address belongs to an account that may sign in. */
export async function sendSignInLink(env: AppEnv, input: { email: string; redirectTo?: string } & LinkContext): Promise<void> {
  const user = await findUserByEmail(env, normalizeEmail(input.email));
  if (!user || user.disabledAt) return;
  const allowed = await countAttempt(env, throttleKeys.emails("sign-in-link", user.id), THROTTLE.emailsPerAccount);
  if (!allowed.allowed) return;
  const token = await createEmailToken(env, user.id, "sign-in-link");
  const next = safeRedirectPath(input.redirectTo);
  const query = new URLSearchParams({ token, ...(next !== "/web-main" ? { redirectTo: next } : {}) });
  const link = `${input.origin}/auth/email-link?${query}`;
  await sendEmail(env, await accountEmail("signInLink", { to: user.email, link, locale: input.locale }));
}

/**
 * Uses a link up and returns its account. The link proves the mailbox, so an unverified e-mail login becomes
 * verified (SPEC §5 lets only verified e-mail accounts in) and the account's sign-in slow-down is lifted.
 */
export async function signInWithEmailLink(env: AppEnv, input: { token: string; address: string }): Promise<User> {
  const userId = await consumeEmailToken(env, input.token, "sign-in-link");
  const user = await findUser(env, userId);
  if (!user) throw new AppError("auth/email-not-found");
  if (user.disabledAt) throw new AppError("auth/user-disabled");
  await clearSignInFailures(env, user.email, input.address);
  if (user.emailVerified) return user;
  await markEmailVerified(env, userId);
  return { ...user, emailVerified: true };
}
