// What a verified Google or Apple identity means for our accounts: sign in, create, or link (docs/product.md §8 linking errors).
import { and, eq } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { Locale } from "../../lib/constants";
import { getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findUser, findUserByEmail, mailboxProofStatements } from "./accounts";
import type { OAuthIdentity } from "./oidc";

function connectionRow(userId: string, identity: OAuthIdentity) {
  // The provider has authenticated the person, so the connection itself counts as verified (docs/product.md §5).
  return { id: crypto.randomUUID(), userId, provider: identity.provider, subject: identity.subject, email: identity.email, verified: true };
}

/**
 * Signs in with a provider identity. A known connection signs into its account; a new address makes a new account.
 * An address that already has an account with another sign-in method is refused ("Account exists with different
 * credential": sign in the usual way, then connect the provider in settings) — except an account nobody ever
 * verified, which the provider's verified owner of the address takes over like any proof of the mailbox
 * (`mailboxProofStatements`: its unproven password is dropped and its sessions end).
 */
export async function signInWithIdentity(env: AppEnv, identity: OAuthIdentity, locale: Locale): Promise<{ user: User; created: boolean }> {
  const db = getPrimaryDb(env);
  const connection = await db.query.loginConnections.findFirst({
    where: and(eq(schema.loginConnections.provider, identity.provider), eq(schema.loginConnections.subject, identity.subject)),
  });
  if (connection) {
    const user = await findUser(env, connection.userId);
    if (!user) throw new AppError("auth/user-not-found");
    if (user.disabledAt) throw new AppError("auth/user-disabled");
    return { user, created: false };
  }
  if (!identity.email) throw new AppError("auth/authentication-failed");
  const existing = await findUserByEmail(env, identity.email);
  if (existing) {
    if (existing.disabledAt) throw new AppError("auth/user-disabled");
    const connections = await db.select().from(schema.loginConnections).where(eq(schema.loginConnections.userId, existing.id));
    const unclaimed = !existing.emailVerified && connections.every((row) => row.provider === "email" && !row.verified);
    if (!unclaimed || !identity.emailVerified) throw new AppError("auth/account-exists-with-different-credential");
    // Every connection here is an unverified e-mail one, so the proof leaves only the provider's.
    await db.batch([...mailboxProofStatements(db, existing.id, null), db.insert(schema.loginConnections).values(connectionRow(existing.id, identity))]);
    return { user: (await findUser(env, existing.id))!, created: false };
  }
  const userId = crypto.randomUUID();
  const displayName = identity.name ?? identity.email.split("@")[0]!.slice(0, 50);
  try {
    await db.batch([
      db.insert(schema.users).values({ id: userId, email: identity.email, emailVerified: identity.emailVerified, displayName, passwordHash: null, locale }),
      db.insert(schema.loginConnections).values(connectionRow(userId, identity)),
    ]);
  } catch (cause) {
    // The same identity finished twice at once; the unique indexes let one through.
    throw new AppError("auth/credential-already-in-use", { cause });
  }
  return { user: (await findUser(env, userId))!, created: true };
}

/** Settings → Login Connection → Connect: adds the provider to the signed-in account. */
export async function linkIdentity(env: AppEnv, userId: string, identity: OAuthIdentity): Promise<void> {
  const db = getPrimaryDb(env);
  const [taken, own] = await Promise.all([
    db.query.loginConnections.findFirst({
      where: and(eq(schema.loginConnections.provider, identity.provider), eq(schema.loginConnections.subject, identity.subject)),
    }),
    db.query.loginConnections.findFirst({
      where: and(eq(schema.loginConnections.userId, userId), eq(schema.loginConnections.provider, identity.provider)),
    }),
  ]);
  if (own) throw new AppError("auth/provider-already-linked");
  if (taken) throw new AppError("auth/credential-already-in-use");
  try {
    await db.insert(schema.loginConnections).values(connectionRow(userId, identity));
  } catch (cause) {
    throw new AppError("auth/credential-already-in-use", { cause });
  }
}

/**
 * Settings → "Confirm it's you" with Google or Apple (auth/recent-sign-in.ts): the identity must be one of the
 * signed-in account's own connections. Another person's, or one this account never connected, is auth/user-mismatch.
 */
export async function confirmIdentity(env: AppEnv, userId: string, identity: OAuthIdentity): Promise<User> {
  const connection = await getPrimaryDb(env).query.loginConnections.findFirst({
    where: and(eq(schema.loginConnections.provider, identity.provider), eq(schema.loginConnections.subject, identity.subject)),
  });
  if (connection?.userId !== userId) throw new AppError("auth/user-mismatch");
  const user = await findUser(env, userId);
  if (!user) throw new AppError("auth/user-not-found");
  if (user.disabledAt) throw new AppError("auth/user-disabled");
  return user;
}
