// What Settings › Account shows from D1 besides the user's row (which the session read already found), in one
// statement: the login connections, the other devices' sessions, the shared links and whether a renewing Pro blocks
// deleting the account (settings/page-rows.ts).
import { sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { profileOf, type UserProfile } from "../auth/profile";
import { renewsProSql } from "../billing/plan";
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
  otherSessions: number;
  shares: string;
  renewing: number;
  subscriptions: number;
}

export async function accountPageRows(env: AppEnv, user: User, sessionId: string, at: { now: number; clock: number }): Promise<AccountPageRows> {
  const { sessions: s, sharedLinks: l, subscriptions: sub } = schema;
  const row = await readPageRow<Row>(
    env,
    sql`select
      ${connectionsColumn(user.id)} as connections,
      (select count(*) from ${s} where ${s.userId} = ${user.id} and ${s.id} <> ${sessionId} and ${s.expiresAt} > ${at.now}) as otherSessions,
      (select json_group_array(json_object('id', ${l.id}, 'title', ${l.title}, 'createdAt', ${l.createdAt}, 'updatedAt', ${l.updatedAt}))
        from ${l} where ${l.ownerId} = ${user.id}) as shares,
      exists (select 1 from ${sub} where ${sub.userId} = ${user.id} and ${renewsProSql(at.clock)}) as renewing,
      (select count(*) from ${sub} where ${sub.userId} = ${user.id}) as subscriptions`,
  );
  const shares = JSON.parse(row.shares) as AccountPageRows["sharedLinks"];
  return {
    profile: profileOf(user, connectionsOf(row.connections)),
    otherSessions: row.otherSessions,
    // Newest first.
    sharedLinks: shares.sort((a, b) => b.createdAt - a.createdAt),
    proActive: row.renewing === 1 || (user.accessLevel === "pro" && row.subscriptions === 0),
  };
}
