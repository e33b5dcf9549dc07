// docs/product.md §4: once per user, a basic-plan user sees the Pro dialog after signing in, and after_login_paywall_seen is
// logged. users.paywall_seen_at makes it once per user across devices; the browser's per-user flag (docs/product.md §3) stops a
// second opening while this request is on its way.
import { and, eq, isNull } from "drizzle-orm";
import { recordEvent } from "../analytics";
import { getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import { syncViewerProfile } from "../auth/viewer-profile";

export const PAYWALL_EVENT = "after_login_paywall_seen";

/** Marks the paywall seen; true (and the analytics event recorded) only the first time for this user. */
export async function markPaywallSeen(env: AppEnv, userId: string, input: { path?: string; now: number }): Promise<boolean> {
  const updated = await getPrimaryDb(env)
    .update(schema.users)
    .set({ paywallSeenAt: input.now })
    .where(and(eq(schema.users.id, userId), isNull(schema.users.paywallSeenAt)))
    .returning({ id: schema.users.id });
  if (updated.length === 0) return false;
  // Once on every device: the profile in the account's object says seen (decision 0039).
  await syncViewerProfile(env, userId);
  await recordEvent(env, { name: PAYWALL_EVENT, ...(input.path ? { path: input.path } : {}) }, { userId });
  return true;
}
