// What Settings › Account shows from D1 besides the user's row, in one statement: the login connections, the shared
// links and whether a renewing Pro blocks deleting the account (settings/page-rows.ts); and the other devices' sessions,
// which the account's object keeps (decision 0039), asked at the same time.
import { sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { profileOf, type UserProfile } from "../auth/profile";
import { renewsProSql } from "../billing/plan";
import { listSessions } from "../auth/session";
import { schema } from "../db";
import type { AppEnv } from "../env";
import { connectionsColumn, connectionsOf, readPageRow } from "./page-rows";

export interface AccountPageRows {
  profile: UserProfile;
  otherSessions: number;
  sharedLinks: { id: string; title: string; createdAt: number; updatedAt: number }[];
  /** docs/product.md §5: deletion is blocked while Pro renews (auth/profile.ts hasActivePro, the same rule in SQL). */
  proActive: boolean;
}

interface Row {
  connections: string;
  shares: string;
  renewing: number;
  subscriptions: number;
}

export async function accountPageRows(env: AppEnv, user: User, sessionId: string, at: { now: number; clock: number }): Promise<AccountPageRows> {
  const { sharedLinks: l, subscriptions: sub } = schema;
  const [row, sessions] = await Promise.all([
    readPageRow<Row>(
      env,
      sql`select
      ${connectionsColumn(user.id)} as connections,
      (select json_group_array(json_object('id', ${l.id}, 'title', ${l.title}, 'createdAt', ${l.createdAt}, 'updatedAt', ${l.updatedAt}))
        from ${l} where ${l.ownerId} = ${user.id}) as shares,
      exists (select 1 from ${sub} where ${sub.userId} = ${user.id} and ${renewsProSql(at.clock)}) as renewing,
      (select count(*) from ${sub} where ${sub.userId} = ${user.id}) as subscriptions`,
    ),
    listSessions(env, user.id),
  ]);
  const shares = JSON.parse(row.shares) as AccountPageRows["sharedLinks"];
  return {
    profile: profileOf(user, connectionsOf(row.connections)),
    otherSessions: sessions.filter((session) => session.id !== sessionId && session.expiresAt > at.now).length,
    // Newest first.
    sharedLinks: shares.sort((a, b) => b.createdAt - a.createdAt),
    proActive: row.renewing === 1 || (user.accessLevel === "pro" && row.subscriptions === 0),
  };
}
