// The one way a settings page reads what it shows from D1 besides the user's row (identity.ts viewerUserRow): one
// statement of subqueries, each a JSON column, written with the schema's tables and columns. Decision 0026: a settings
// page reads D1 at most twice (the user's row, then this; the session is the account object's, decision 0039). account-rows.ts and login-rows.ts use it.
import { sql, type SQL } from "drizzle-orm";
import type { LoginConnection } from "../auth/profile";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";

/** The page's one statement; a D1 that cannot answer is `auth/profile-unavailable` (the page says so, translated). */
export async function readPageRow<Row>(env: AppEnv, statement: SQL): Promise<Row> {
  let row: Row | undefined;
  try {
    row = await getDb(env).get<Row>(statement);
  } catch (cause) {
    throw new AppError("auth/profile-unavailable", { cause });
  }
  if (!row) throw new AppError("auth/profile-unavailable");
  return row;
}

/** The user's login connections as one JSON column (read back with connectionsOf). */
export function connectionsColumn(userId: string): SQL {
  const c = schema.loginConnections;
  return sql`(select json_group_array(json_object('provider', ${c.provider}, 'email', ${c.email}, 'verified', ${c.verified}, 'createdAt', ${c.createdAt}))
    from ${c} where ${c.userId} = ${userId})`;
}

type ConnectionJson = Omit<LoginConnection, "verified" | "connectedAt"> & { verified: number; createdAt: number };

export function connectionsOf(json: string) {
  return (JSON.parse(json) as ConnectionJson[]).map((connection) => ({ ...connection, verified: connection.verified === 1 }));
}
