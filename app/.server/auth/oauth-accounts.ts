// What a verified Google or Apple identity means for our accounts: sign in, create, or link (docs/product.md §8 linking errors).
import { and, eq } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { Locale } from "../../lib/constants";
import { getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findUser, findUserByEmail, mailboxProofStatements, refuseClosedSignUps, withMailboxProof } from "./accounts";
import { syncViewerProfile } from "./viewer-profile";
import type { OAuthIdentity } from "./oidc";
import { newUserId } from "../account/ids";

function connectionRow(userId: string, identity: OAuthIdentity) {
  // Verified only when the provider vouches for the address it gives (docs/product.md §5): an identity whose e-mail
  // Google or Apple did not verify still signs its holder in, but proves nobody's mailbox (decision 0005).
  return {
    id: crypto.randomUUID(),
    userId,
    provider: identity.provider,
    subject: identity.subject,
    email: identity.email,
    verified: identity.emailVerified,
  };
}

/**
 * Signs in with a provider identity. A known connection signs into its account; a new address makes a new account
 * (unless sign-ups are closed), verified only when the provider verified the address, else waiting for the activation
 * e-mail like a password sign-up. An address that already has an account is refused ("Account exists with different
 * credential": sign in the usual way, then connect the provider in settings) — except an account whose address nobody
 * proved, which an identity vouching for the address takes over like any proof of the mailbox (`mailboxProofStatements`:
 * whatever its maker added goes, its sessions end; decision 0005).
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
    // Being deleted (decision 0033): never signed in again, whatever proves who they are.
    if (user.deletingAt) throw new AppError("account/deleted");
    return { user, created: false };
  }
  if (!identity.email) throw new AppError("auth/authentication-failed");
  const existing = await findUserByEmail(env, identity.email);
  if (existing) {
    if (existing.disabledAt) throw new AppError("auth/user-disabled");
    // Being deleted (decision 0033): never signed in again, whatever proves who they are.
    if (existing.deletingAt) throw new AppError("account/deleted");
    if (existing.emailVerified || !identity.emailVerified) throw new AppError("auth/account-exists-with-different-credential");
    // The proof removes every earlier connection, so the provider's is the account's only one afterwards.
    await withMailboxProof(env, existing.id, () =>
      db.batch([...mailboxProofStatements(db, existing.id, null), db.insert(schema.loginConnections).values(connectionRow(existing.id, identity))]),
    );
    return { user: (await findUser(env, existing.id))!, created: false };
  }
  refuseClosedSignUps(env);
  const userId = newUserId();
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
  // Another way in: an unverified account keeps its sessions from now on (decision 0039).
  await syncViewerProfile(env, userId);
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
  // Being deleted (decision 0033): never signed in again, whatever proves who they are.
  if (user.deletingAt) throw new AppError("account/deleted");
  return user;
}
