// The account's own tables and the context its operations run with (decision 0026). Domain modules import this, not
// storage.ts: the Durable Object class stays out of the Remix server build.
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import * as accountSchema from "../../../db/account-schema";
import type { AppEnv } from "../env";
import type { TaskName } from "./alarms";

export type AccountDb = DrizzleSqliteDODatabase<typeof accountSchema>;
export { accountSchema };

/** What an operation run inside the account's object is given (account/operations.ts). */
export interface AccountContext {
  db: AccountDb;
  env: AppEnv;
  /** The account (user id or guest id) the object is named for. */
  accountId: string;
  /** Asks the object to run a task of its dispatch table by `at` (account/alarms.ts). */
  schedule: (task: TaskName, at: number) => Promise<void>;
}
