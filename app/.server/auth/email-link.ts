// Sign-in by e-mail link (docs/product.md §7 signInWithEmailLink; decision 0020). A one-time link, valid 15 minutes, stored only as
// its SHA-256 like the other e-mail links (email-tokens.ts). Asking for a link answers the same whether or not the
// address has an account (the caller sends after responding), and is limited per address and per account.
// The browser that asks for a link is told apart from any other that opens it (decision 0020): only there do its
// guest chats move into the account, so a link someone sends you cannot pull your chats into their account.
import type { User } from "../../../db/schema";
import { safeRedirectPath } from "../../lib/auth";
import { sendEmail } from "../email";
import { accountEmail } from "../email/templates";
import { getPrimaryDb } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findUser, findUserByEmail, mailboxProofStatements, normalizeEmail, withMailboxProof, type LinkContext } from "./accounts";
import { randomToken, sha256Hex, timingSafeEqualStrings } from "./crypto";
import { consumeEmailToken, createEmailToken } from "./email-tokens";
import { EMAIL_TOKEN_TTL, THROTTLE } from "./policy";
import { isSecureRequest, readCookie } from "./session";
import { clearSignInFailures, countAttempt, limitOrThrow, throttleKeys } from "./throttle";

/** Before answering: one address may ask for a handful of links (refused with a wait, which reveals nothing). */
export async function limitSignInLinkRequests(env: AppEnv, address: string): Promise<void> {
  await limitOrThrow(env, throttleKeys.signInLinkAddress(address), THROTTLE.signInLinksPerAddress);
}

/** `__Host-` over https like the session cookie (decision 0005); the plain name over local http. */
const SECURE_ASKING_BROWSER_COOKIE = "__Host-sign_in_link";
const PLAIN_ASKING_BROWSER_COOKIE = "sign_in_link";

function askingBrowserCookieName(request: Request): string {
  return isSecureRequest(request) ? SECURE_ASKING_BROWSER_COOKIE : PLAIN_ASKING_BROWSER_COOKIE;
}

/** What the asking browser keeps: a digest of the link's token, which only the mail carries. Needs no signature. */
async function askingBrowserMark(token: string): Promise<string> {
  return sha256Hex(`sign-in-link asked here:${token}`);
}

function askingBrowserCookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return `${askingBrowserCookieName(request)}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Before answering: the new link's token, made now whether or not the address has an account (so the answer is the
 * same), and the cookie that marks this browser as the one that asked for it, for as long as the link lives.
 */
export async function newSignInLink(request: Request): Promise<{ token: string; setCookie: string }> {
  const token = randomToken(32);
  return { token, setCookie: askingBrowserCookie(request, await askingBrowserMark(token), EMAIL_TOKEN_TTL["sign-in-link"] / 1000) };
}

/** Whether this browser asked for the link with `token` (the last link it asked for). */
export async function askedInThisBrowser(request: Request, token: string): Promise<boolean> {
  const mark = readCookie(request, askingBrowserCookieName(request));
  return mark !== undefined && timingSafeEqualStrings(mark, await askingBrowserMark(token));
}

export function clearAskingBrowserCookie(request: Request): string {
  return askingBrowserCookie(request, "", 0);
}

/** After answering: e-mails the link with `token` when the address belongs to an account that may sign in. */
export async function sendSignInLink(env: AppEnv, input: { email: string; token: string; redirectTo?: string } & LinkContext): Promise<void> {
  const user = await findUserByEmail(env, normalizeEmail(input.email));
  if (!user || user.disabledAt) return;
  const allowed = await countAttempt(env, throttleKeys.emails("sign-in-link", user.id), THROTTLE.emailsPerAccount);
  if (!allowed.allowed) return;
  const token = await createEmailToken(env, user.id, "sign-in-link", { token: input.token });
  const next = safeRedirectPath(input.redirectTo);
  const query = new URLSearchParams({ token, ...(next !== "/web-main" ? { redirectTo: next } : {}) });
  const link = `${input.origin}/auth/email-link?${query}`;
  await sendEmail(env, await accountEmail("signInLink", { to: user.email, link, locale: input.locale }));
}

/**
 * Uses a link up and returns its account. The link proves the mailbox, so the account's sign-in slow-down is lifted,
 * and an address nobody had proven becomes verified the way every mailbox proof does it (`mailboxProofStatements`:
 * the password chosen before goes and every session ends, decision 0005); the caller then starts a fresh session.
 */
export async function signInWithEmailLink(env: AppEnv, input: { token: string; address: string }): Promise<User> {
  const userId = await consumeEmailToken(env, input.token, "sign-in-link");
  const user = await findUser(env, userId);
  if (!user) throw new AppError("auth/email-not-found");
  if (user.disabledAt) throw new AppError("auth/user-disabled");
  // Being deleted (decision 0033): never signed in again, whatever proves who they are.
  if (user.deletingAt) throw new AppError("account/deleted");
  await clearSignInFailures(env, user.email, input.address);
  if (user.emailVerified) return user;
  const db = getPrimaryDb(env);
  await withMailboxProof(env, userId, () => db.batch(mailboxProofStatements(db, userId, null)));
  return { ...user, emailVerified: true, passwordHash: null };
}
