// The signed-in user's own data: profile (docs/product.md §7 getUserProfile), login connections, chats and the account
// itself. Every function takes the user id from the session, never from the request, so one person can only
// ever read or change their own rows.
import { and, eq } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { LOGIN_PROVIDERS, type LoginProvider } from "../../lib/auth";
import { hasRenewingPro } from "../billing/subscriptions";
import { now as clockNow } from "../clock";
import { deleteThreadFiles } from "../chat/thread-files";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { accountObject, inAccount } from "../account/client";
import { beginAccountDeletion } from "../account/deletion";
import { deleteShareOf } from "../share/links";
import { deleteR2Keys } from "../storage/r2";
import { hashPassword } from "./password";
import { avatarUrl } from "./session";
import { sendVerificationEmail, type LinkContext } from "./accounts";
import { syncViewerProfile } from "./viewer-profile";

export { LOGIN_PROVIDERS as PROVIDERS, type LoginProvider as Provider };

export interface LoginConnection {
  provider: LoginProvider;
  email: string | null;
  verified: boolean;
  connectedAt: number;
}

/** docs/product.md §3/§7: uid, accessLevel, profilePhotoUrl, displayName, plus what the settings screens show. */
export interface UserProfile {
  uid: string;
  accessLevel: "basic" | "pro";
  profilePhotoUrl: string | null;
  displayName: string;
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  createdAt: number;
  connections: LoginConnection[];
}

/**
 * Loads the profile of the signed-in user (their D1 row, identity.ts viewerUserRow); any failure is docs/product.md
 * §4's "Could not retrieve user information".
 */
export async function getUserProfile(env: AppEnv, user: User): Promise<UserProfile> {
  try {
    return profileOf(user, await getDb(env).select().from(schema.loginConnections).where(eq(schema.loginConnections.userId, user.id)));
  } catch (cause) {
    throw new AppError("auth/profile-unavailable", { cause });
  }
}

/** The profile from the user's row and their login connections, however they were read. */
export function profileOf(
  user: User,
  connections: Pick<typeof schema.loginConnections.$inferSelect, "provider" | "email" | "verified" | "createdAt">[],
): UserProfile {
  return {
    uid: user.id,
    accessLevel: user.accessLevel,
    profilePhotoUrl: avatarUrl(user),
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
    hasPassword: Boolean(user.passwordHash),
    createdAt: user.createdAt,
    connections: connections
      .map((connection) => ({
        provider: connection.provider,
        email: connection.email,
        verified: connection.verified,
        connectedAt: connection.createdAt,
      }))
      .sort((a, b) => LOGIN_PROVIDERS.indexOf(a.provider) - LOGIN_PROVIDERS.indexOf(b.provider)),
  };
}

export async function updateDisplayName(env: AppEnv, userId: string, displayName: string): Promise<void> {
  await getDb(env).update(schema.users).set({ displayName: displayName.trim(), updatedAt: Date.now() }).where(eq(schema.users.id, userId));
  await syncViewerProfile(env, userId);
}

/**
 * Adds the Email connection to an account that signs in with Google or Apple: the account's address with a new
 * password. Verified when the address already is; otherwise a verification email goes out.
 */
export async function connectEmail(env: AppEnv, user: User, password: string, link: LinkContext): Promise<{ verificationSent: boolean }> {
  const db = getDb(env);
  const existing = await db.query.loginConnections.findFirst({
    where: and(eq(schema.loginConnections.userId, user.id), eq(schema.loginConnections.provider, "email")),
  });
  if (existing || user.passwordHash) throw new AppError("auth/provider-already-linked");
  const passwordHash = await hashPassword(password);
  try {
    await db.batch([
      db.update(schema.users).set({ passwordHash, updatedAt: Date.now() }).where(eq(schema.users.id, user.id)),
      db.insert(schema.loginConnections).values({
        id: crypto.randomUUID(),
        userId: user.id,
        provider: "email",
        subject: user.email,
        email: user.email,
        verified: user.emailVerified,
      }),
    ]);
  } catch (cause) {
    throw new AppError("auth/credential-already-in-use", { cause });
  }
  if (user.emailVerified) return { verificationSent: false };
  await sendVerificationEmail(env, { ...user, passwordHash }, link);
  return { verificationSent: true };
}

/**
 * Removes a login connection, unless it is the last verified one (docs/product.md §5; a passkey counts as one, decision
 * 0028). Removing Email removes the password.
 */
export async function disconnectProvider(env: AppEnv, userId: string, provider: LoginProvider): Promise<void> {
  const db = getDb(env);
  const [connections, passkeys] = await Promise.all([
    db.select().from(schema.loginConnections).where(eq(schema.loginConnections.userId, userId)),
    db.$count(schema.passkeys, eq(schema.passkeys.userId, userId)),
  ]);
  const target = connections.find((connection) => connection.provider === provider);
  if (!target) throw new AppError("request/invalid");
  if (passkeys === 0 && !connections.some((connection) => connection.id !== target.id && connection.verified)) throw new AppError("auth/last-connection");
  const statements = [db.delete(schema.loginConnections).where(eq(schema.loginConnections.id, target.id))] as const;
  if (provider === "email") {
    await db.batch([...statements, db.update(schema.users).set({ passwordHash: null, updatedAt: Date.now() }).where(eq(schema.users.id, userId))]);
  } else {
    await db.batch(statements);
  }
  // Google or Apple gone may leave an unverified account without another way in (decision 0039).
  await syncViewerProfile(env, userId);
}

/**
 * Deletes every chat the user owns: first the threads, their messages, search index and documents in one transaction
 * of the account's own object (decision 0026), then what hangs off them outside it, the documents' files, the threads'
 * audio and the public links (chat/thread-files.ts, share/links.ts). A failure in the object leaves everything as it
 * was; one after it leaves only files and links that are found by owner, so asking again finishes the job.
 */
export async function deleteAllChats(env: AppEnv, userId: string): Promise<number> {
  const { threads, documentKeys } = await inAccount(env, userId, "chat.deleteAll");
  await deleteR2Keys(env, documentKeys);
  await deleteThreadFiles(env, userId);
  await deleteShareOf(env, userId);
  return threads;
}

/**
 * docs/product.md §5: deletion is blocked while Pro is active. Active means Pro that renews (billing/plan.ts: active, trialing or
 * retrying a payment, period not over, not set to cancel) or an operator-granted Pro without a subscription; a
 * subscription already cancelled, running out at its period end, does not block (docs/decisions/0005-accounts.md).
 */
export async function hasActivePro(env: AppEnv, user: Pick<User, "id" | "accessLevel">, now = clockNow()): Promise<boolean> {
  return hasRenewingPro(env, user, now);
}

/**
 * Deletes the account (docs/decisions/0033-account-deletion-job.md): here only the first step, after which the person
 * is signed out, cannot sign in again and their object writes nothing; the account-deletions queue deletes the rest
 * (account/deletion.ts) and retries until everything is gone.
 */
export async function deleteAccount(env: AppEnv, user: User): Promise<void> {
  if (await hasActivePro(env, user)) throw new AppError("account/pro-active");
  await beginAccountDeletion(env, user);
}

/**
 * A visitor who signs in keeps what they made as a guest: their chats, uploads, creations and birth data move from
 * the guest's object to the account's, once, however many tabs sign in at the same moment (account/object.ts adopt).
 */
export async function adoptGuestData(env: AppEnv, guestId: string | null, userId: string): Promise<void> {
  if (!guestId || !guestId.startsWith("g_") || guestId === userId) return;
  await accountObject(env, userId).adopt(guestId);
}
