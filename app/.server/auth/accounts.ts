// Accounts with email and password (docs/product.md §3-§5, §8): sign-up, verification, sign-in, password reset and change.
// Messages a person sees are docs/product.md §8 codes; nothing here ever logs a password, token or session id.
import { and, eq, exists } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { Locale } from "../../lib/constants";
import { type Database, getDb, getPrimaryDb, isUniqueViolation, schema } from "../db";
import { sendEmail } from "../email";
import { accountEmail, type AccountEmailKind } from "../email/templates";
import { loadConfig, type AppEnv } from "../env";
import { AppError, isAppError } from "../errors";
import { checkEmailToken, consumeEmailToken, createEmailToken } from "./email-tokens";
import { hashPassword, verifyPassword } from "./password";
import { THROTTLE } from "./policy";
import { destroyUserSessions } from "./session";
import { syncViewerProfile } from "./viewer-profile";
import { beginSignInAttempt, clearSignInFailures, countAttempt, limitOrThrow, throttleKeys } from "./throttle";
import { newUserId } from "../account/ids";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(env: AppEnv, email: string): Promise<User | undefined> {
  return getPrimaryDb(env).query.users.findFirst({ where: eq(schema.users.email, normalizeEmail(email)) });
}

export async function findUser(env: AppEnv, userId: string): Promise<User | undefined> {
  return getDb(env).query.users.findFirst({ where: eq(schema.users.id, userId) });
}

/** Where links in emails point: the configured public origin, or the origin the request came to. */
export interface LinkContext {
  origin: string;
  locale: Locale;
}

/**
 * Every way a new account is made calls this first (password sign-up, a first Google or Apple sign-in): with
 * SIGNUPS_OPEN=false the operator has closed the door. Said before anything is looked up, so it tells nothing about
 * which addresses have accounts; existing accounts still sign in (decision 0005 "Closing sign-ups").
 */
export function refuseClosedSignUps(env: AppEnv): void {
  if (!loadConfig(env).signupsOpen) throw new AppError("auth/admin-restricted-operation");
}

export async function signUp(
  env: AppEnv,
  input: { displayName: string; email: string; password: string; address: string } & LinkContext,
): Promise<{ user: User; emailSent: boolean }> {
  refuseClosedSignUps(env);
  await limitOrThrow(env, throttleKeys.signUpAddress(input.address), THROTTLE.signUpPerAddress);
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(env, email)) throw new AppError("auth/email-already-in-use");
  const db = getPrimaryDb(env);
  const userId = newUserId();
  const passwordHash = await hashPassword(input.password);
  try {
    await db.batch([
      db.insert(schema.users).values({ id: userId, email, displayName: input.displayName.trim(), passwordHash, locale: input.locale }),
      db.insert(schema.loginConnections).values({ id: crypto.randomUUID(), userId, provider: "email", subject: email, email, verified: false }),
    ]);
  } catch (error) {
    // Two sign-ups for one address at the same moment: the unique index lets exactly one through.
    if (isUniqueViolation(error)) throw new AppError("auth/email-already-in-use");
    throw error;
  }
  const user = (await findUser(env, userId))!;
  let emailSent = true;
  try {
    await sendVerificationEmail(env, user, input);
  } catch (error) {
    if (!isAppError(error)) throw error;
    emailSent = false;
  }
  return { user, emailSent };
}

/** Emails `user` a single-use link to /auth/<purpose> (the page that consumes a token of that purpose). */
async function emailLink(env: AppEnv, user: User, purpose: "verify-email" | "reset-password", kind: AccountEmailKind, link: LinkContext) {
  const token = await createEmailToken(env, user.id, purpose);
  const url = `${link.origin}/auth/${purpose}?token=${token}`;
  await sendEmail(env, await accountEmail(kind, { to: user.email, link: url, locale: link.locale }));
}

/** Sends the activation link. Throws email/activation-failed when it cannot be delivered. */
export async function sendVerificationEmail(env: AppEnv, user: User, link: LinkContext): Promise<void> {
  if (user.emailVerified) return;
  await limitOrThrow(env, throttleKeys.emails("verify-email", user.id), THROTTLE.emailsPerAccount);
  try {
    await emailLink(env, user, "verify-email", "verifyEmail", link);
  } catch (cause) {
    throw new AppError("email/activation-failed", { cause });
  }
}

/**
 * The activation mail asked for again (the sign-in form, with the password; the sign-up screen, with its cookie):
 * limited per network address, then per account, each refusal a 429 with its wait.
 */
export async function resendVerificationEmail(env: AppEnv, user: User, input: LinkContext & { address: string }): Promise<void> {
  await limitOrThrow(env, throttleKeys.accountEmailsAddress("verify-email", input.address), THROTTLE.accountEmailsPerAddress);
  await sendVerificationEmail(env, user, input);
}

/**
 * Email and password sign-in. An unknown email and a wrong password give the same error after the same work
 * (a PBKDF2 run against a dummy hash), and both count against the same failure windows (throttle.ts).
 * `trustedDevice`: this browser signed in to this email before (device.ts), so the account-wide slow-down skips it.
 */
export async function signInWithPassword(
  env: AppEnv,
  input: { email: string; password: string; address: string; locale: Locale; trustedDevice?: boolean },
): Promise<User> {
  const { user, needsRehash } = await checkPassword(env, input);
  if (!user.emailVerified) throw new AppError("auth/unverified-email");
  const changes: Partial<User> = {};
  if (needsRehash) changes.passwordHash = await hashPassword(input.password);
  if (user.locale !== input.locale) changes.locale = input.locale;
  if (Object.keys(changes).length > 0) {
    await getPrimaryDb(env)
      .update(schema.users)
      .set({ ...changes, updatedAt: Date.now() })
      .where(eq(schema.users.id, user.id));
  }
  return { ...user, ...changes };
}

/** Checks email and password for resending the activation email (the account is not signed in yet). */
export async function checkPasswordForResend(env: AppEnv, input: PasswordAttempt): Promise<User> {
  return (await checkPassword(env, input)).user;
}

type PasswordAttempt = { email: string; password: string; address: string; trustedDevice?: boolean };

/** The account behind an email and password, counted against the failure windows; refused when it may not sign in. */
async function checkPassword(env: AppEnv, input: PasswordAttempt): Promise<{ user: User; needsRehash: boolean }> {
  const email = normalizeEmail(input.email);
  const attempt = await beginSignInAttempt(env, email, input.address, { trustedDevice: input.trustedDevice });
  const user = await findUserByEmail(env, email);
  const check = await verifyPassword(input.password, user?.passwordHash ?? null);
  if (!user || !check.ok) throw new AppError("auth/invalid-credential");
  await attempt.succeeded();
  if (user.disabledAt) throw new AppError("auth/user-disabled");
  // Being deleted (decision 0033): never signed in again, whatever proves who they are.
  if (user.deletingAt) throw new AppError("account/deleted");
  return { user, needsRehash: check.needsRehash };
}

/**
 * What proving the mailbox does to an account (a sign-in link or a password reset used, or Google/Apple vouching for the
 * address): the address becomes verified and every session of the account ends. Until the address was proven, anyone
 * could have made the account with it first (a password of their choosing, or a Google/Apple identity whose address the
 * provider did not verify) and added ways back in, so on an account whose address was unproven the proof leaves the owner
 * alone: the password, every login connection (none of them proved the address, or it would be verified), passkeys, the
 * two-step key and recovery codes, and a linked WhatsApp number with its pending codes all go. On an account already
 * verified (a reset) only the sessions end. `passwordHash` is the one the proof itself sets (a reset), or null
 * (docs/decisions/0005-accounts.md). Statements for one batch with the caller's own, so never half done; whether the
 * address was unproven is read inside the batch, before its last statement verifies it, so a race cannot skip it.
 * The sessions are in the account's object (decision 0039): run the batch through `withMailboxProof`, which ends them
 * first (a batch that then fails has only signed the person out) and copies the new profile there after.
 */
export function mailboxProofStatements(db: Database, userId: string, passwordHash: string | null) {
  const unproven = exists(
    db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(and(eq(schema.users.id, userId), eq(schema.users.emailVerified, false))),
  );
  return [
    db.delete(schema.loginConnections).where(and(eq(schema.loginConnections.userId, userId), unproven)),
    db.delete(schema.passkeys).where(and(eq(schema.passkeys.userId, userId), unproven)),
    db.delete(schema.twoStepSecrets).where(and(eq(schema.twoStepSecrets.userId, userId), unproven)),
    db.delete(schema.recoveryCodes).where(and(eq(schema.recoveryCodes.userId, userId), unproven)),
    db.delete(schema.whatsappLinks).where(and(eq(schema.whatsappLinks.userId, userId), unproven)),
    db.delete(schema.whatsappLinkCodes).where(and(eq(schema.whatsappLinkCodes.userId, userId), unproven)),
    db.update(schema.users).set({ passwordHash, emailVerified: true, updatedAt: Date.now() }).where(eq(schema.users.id, userId)),
  ] as const;
}

/** Runs a batch holding `mailboxProofStatements`: every session of the account ends before it, its profile follows after. */
export async function withMailboxProof(env: AppEnv, userId: string, batch: () => Promise<unknown>): Promise<void> {
  await destroyUserSessions(env, userId);
  await batch();
  await syncViewerProfile(env, userId);
}

/**
 * Marks an account's e-mail (and its e-mail login connection) verified: one batch, so never half done. Only the
 * activation link does this without `mailboxProofStatements`: pressing it confirms the sign-up, password included.
 */
async function markEmailVerified(env: AppEnv, userId: string): Promise<void> {
  const db = getPrimaryDb(env);
  await db.batch([
    db.update(schema.users).set({ emailVerified: true, updatedAt: Date.now() }).where(eq(schema.users.id, userId)),
    db
      .update(schema.loginConnections)
      .set({ verified: true })
      .where(and(eq(schema.loginConnections.userId, userId), eq(schema.loginConnections.provider, "email"))),
  ]);
  await syncViewerProfile(env, userId);
}

/** Uses a verification link (its page's button, never opening it: decision 0020): the email and its login become verified. */
export async function verifyEmail(env: AppEnv, token: string): Promise<User> {
  const userId = await consumeEmailToken(env, token, "verify-email");
  await markEmailVerified(env, userId);
  const user = await findUser(env, userId);
  // The link was good but its account is gone (deleted meanwhile): docs/product.md §8's "Email not found". Safe to say, since
  // only the holder of the mailbox has the link; forgot-password itself never tells (see decision 0018).
  if (!user) throw new AppError("auth/email-not-found");
  return user;
}

/**
 * Before answering "forgot password": a handful of requests per network address and per e-mail address asked for.
 * Both count whether or not the address has an account, so a refusal (429 with its wait) tells nothing about accounts.
 */
export async function limitPasswordResetRequests(env: AppEnv, input: { email: string; address: string }): Promise<void> {
  await limitOrThrow(env, throttleKeys.accountEmailsAddress("reset-password", input.address), THROTTLE.accountEmailsPerAddress);
  await limitOrThrow(env, throttleKeys.resetRequestsEmail(normalizeEmail(input.email)), THROTTLE.emailsPerAccount);
}

/**
 * "Forgot password". The caller answers "instructions sent" whatever happens here and runs this after responding,
 * so neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(env: AppEnv, input: { email: string } & LinkContext): Promise<void> {
  const user = await findUserByEmail(env, input.email);
  if (!user || user.disabledAt) return;
  const allowed = await countAttempt(env, throttleKeys.emails("reset-password", user.id), THROTTLE.emailsPerAccount);
  if (!allowed.allowed) return;
  await emailLink(env, user, "reset-password", "resetPassword", input);
}

/** Settings → "Change password": emails a link to the signed-in user. Blocked until the email is verified (docs/product.md §4). */
export async function sendChangePasswordEmail(env: AppEnv, user: User, link: LinkContext): Promise<void> {
  if (!user.emailVerified) throw new AppError("auth/unverified-email");
  if (!user.passwordHash) throw new AppError("auth/operation-not-allowed");
  await limitOrThrow(env, throttleKeys.emails("reset-password", user.id), THROTTLE.emailsPerAccount);
  try {
    await emailLink(env, user, "reset-password", "changePassword", link);
  } catch (cause) {
    throw new AppError("email/change-password-failed", { cause });
  }
}

export async function checkResetToken(env: AppEnv, token: string): Promise<void> {
  await checkEmailToken(env, token, "reset-password");
}

/**
 * Sets a new password from a reset link. The link proves the mailbox (`mailboxProofStatements`): the email becomes
 * verified, a verified email login connection exists afterwards, and every session of the account ends, so old devices
 * (and whoever chose a password before the address was proven) must sign in again with the new password.
 * `address` (where the reset was done) gets its lockout for the account lifted too.
 */
export async function resetPassword(env: AppEnv, input: { token: string; password: string; address?: string }): Promise<User> {
  const userId = await consumeEmailToken(env, input.token, "reset-password");
  const user = await findUser(env, userId);
  if (!user) throw new AppError("auth/email-not-found");
  const db = getPrimaryDb(env);
  const passwordHash = await hashPassword(input.password);
  await withMailboxProof(env, userId, () =>
    db.batch([
      ...mailboxProofStatements(db, userId, passwordHash),
      db
        .insert(schema.loginConnections)
        .values({ id: crypto.randomUUID(), userId, provider: "email", subject: user.email, email: user.email, verified: true })
        .onConflictDoUpdate({ target: [schema.loginConnections.provider, schema.loginConnections.subject], set: { verified: true } }),
    ]),
  );
  // A person who just proved the mailbox should not stay locked out by earlier wrong guesses.
  await clearSignInFailures(env, user.email, input.address);
  return { ...user, passwordHash, emailVerified: true };
}

/**
 * Disables an account: every session ends at once, in the account's object, and sign-in answers auth/user-disabled. The
 * profile there says disabled too, so a session that slips in meanwhile is refused with that notice (decision 0039).
 */
export async function disableUser(env: AppEnv, userId: string): Promise<void> {
  await getPrimaryDb(env).update(schema.users).set({ disabledAt: Date.now(), updatedAt: Date.now() }).where(eq(schema.users.id, userId));
  await syncViewerProfile(env, userId);
  await destroyUserSessions(env, userId);
}
