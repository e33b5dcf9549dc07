// The account's own tables and the context its operations run with (decision 0026). Domain modules import this, not
// storage.ts: the Durable Object class stays out of the Remix server build.
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import * as accountSchema from "../../../db/account-schema";
import type { AppEnv } from "../env";
import type { HeldCharges } from "../credits/ledger";
import type { AccountAlarms } from "./alarms";

export type AccountDb = DrizzleSqliteDODatabase<typeof accountSchema>;
export { accountSchema };

/** The SQLite under an account's (or a counter's) drizzle database, for the few statements written as SQL by hand. */
export function sqlOf(db: AccountDb): SqlStorage {
  return (db as AccountDb & { $client: DurableObjectStorage }).$client.sql;
}

/** What an operation run inside the account's object is given (account/operations.ts). */
export interface AccountContext {
  db: AccountDb;
  env: AppEnv;
  /** The account (user id or guest id) the object is named for. */
  accountId: string;
  /** Wakes a task of the object later (account/alarms.ts), e.g. the clean-up of an upload nothing refers to. */
  alarms: AccountAlarms;
  /** The ledger's charges decided but not written yet (credits/ledger.ts), kept by the object for as long as it lives. */
  heldCharges: HeldCharges;
}
