// What Settings › Account shows from D1 besides the user's row (which the session read already found), in one
// statement: the login connections, the other devices' sessions, the shared links and whether a renewing Pro blocks
// deleting the account. Issue 31 item 3: a signed-in page reads D1 at most twice (the session, then this).
import { sql } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { profileOf, type LoginConnection, type UserProfile } from "../auth/profile";
import { renewsProSql } from "../billing/plan";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";

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
  const { loginConnections: c, sessions: s, sharedLinks: l, subscriptions: sub } = schema;
  let row: Row | undefined;
  try {
    row = await getDb(env).get<Row>(sql`select
      (select json_group_array(json_object('provider', ${c.provider}, 'email', ${c.email}, 'verified', ${c.verified}, 'createdAt', ${c.createdAt}))
        from ${c} where ${c.userId} = ${user.id}) as connections,
      (select count(*) from ${s} where ${s.userId} = ${user.id} and ${s.id} <> ${sessionId} and ${s.expiresAt} > ${at.now}) as otherSessions,
      (select json_group_array(json_object('id', ${l.id}, 'title', ${l.title}, 'createdAt', ${l.createdAt}, 'updatedAt', ${l.updatedAt}))
        from ${l} where ${l.ownerId} = ${user.id}) as shares,
      exists (select 1 from ${sub} where ${sub.userId} = ${user.id} and ${renewsProSql(at.clock)}) as renewing,
      (select count(*) from ${sub} where ${sub.userId} = ${user.id}) as subscriptions`);
  } catch (cause) {
    throw new AppError("auth/profile-unavailable", { cause });
  }
  if (!row) throw new AppError("auth/profile-unavailable");
  const connections = (JSON.parse(row.connections) as (Omit<LoginConnection, "verified" | "connectedAt"> & { verified: number; createdAt: number })[]).map(
    (connection) => ({ ...connection, verified: connection.verified === 1 }),
  );
  const shares = JSON.parse(row.shares) as AccountPageRows["sharedLinks"];
  return {
    profile: profileOf(user, connections),
    otherSessions: row.otherSessions,
    // Newest first.
    sharedLinks: shares.sort((a, b) => b.createdAt - a.createdAt),
    proActive: row.renewing === 1 || (user.accessLevel === "pro" && row.subscriptions === 0),
  };
}
