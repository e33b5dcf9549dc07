// The profile a signed-in request needs, copied from D1 into the person's object (decision 0039). D1 stays the record
// (sign-in, e-mail and Stripe look-ups span accounts); every code path that changes one of these fields there calls
// syncViewerProfile afterwards, so the next request, on any device, sees the change without reading D1.
import { and, eq, ne } from "drizzle-orm";
import { inAccount } from "../account/client";
import { isAccountDeleted } from "../account/tombstone";
import { accessEndsAt, statusGivesPro } from "../billing/plan";
import { getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import type { ViewerProfile } from "./session-operations";

/** The profile as D1 has it now (the primary: it follows a write); null when the user is gone. */
export async function loadViewerProfile(env: AppEnv, userId: string): Promise<ViewerProfile | null> {
  const db = getPrimaryDb(env);
  const [users, connections, passkeys, subscriptions] = await db.batch([
    db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1),
    db
      .select({ id: schema.loginConnections.id })
      .from(schema.loginConnections)
      .where(and(eq(schema.loginConnections.userId, userId), ne(schema.loginConnections.provider, "email")))
      .limit(1),
    db.select({ id: schema.passkeys.id }).from(schema.passkeys).where(eq(schema.passkeys.userId, userId)).limit(1),
    db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId)),
  ]);
  const user = users[0];
  if (!user) return null;
  // billing/subscriptions.ts planForUser, decided ahead: Pro lasts until the latest end of a subscription giving it; a
  // Pro row with no subscription was granted by an operator and has no end.
  const giving = subscriptions.filter((row) => statusGivesPro(row));
  const proUntil = subscriptions.length === 0 ? null : Math.max(0, ...giving.map((row) => accessEndsAt(row)));
  return {
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerified,
    profilePhotoKey: user.profilePhotoKey,
    otherWayIn: connections.length > 0 || passkeys.length > 0,
    disabledAt: user.disabledAt,
    deletingAt: user.deletingAt,
    accessLevel: user.accessLevel,
    proUntil,
    paywallSeenAt: user.paywallSeenAt,
  };
}

/**
 * Copies the user's profile into their object after a change in D1. An account being deleted has nothing to copy
 * into (its object refuses every write, and answers every session as ended).
 */
export async function syncViewerProfile(env: AppEnv, userId: string): Promise<void> {
  const profile = await loadViewerProfile(env, userId);
  if (!profile) return;
  try {
    await inAccount(env, userId, "auth.setProfile", profile);
  } catch (error) {
    if (!isAccountDeleted(error)) throw error;
  }
}

/** Free or Pro at `now` (the app clock), from the profile (auth/plan-rule.ts). */
export { planOf } from "./plan-rule";
