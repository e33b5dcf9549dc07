// The account's own SQLite database inside its Durable Object (decision 0026): the tables of db/account-schema.ts,
// brought up to date by the migrations in db/account-migrations before the object serves anything.
import { DurableObject } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import migrations from "../../../db/account-migrations";
import type { AppEnv } from "../env";
import type { HeldCharges } from "../credits/ledger";
import { AccountAlarms } from "./alarms";
import { Tombstone } from "./tombstone";
import { accountSchema, type AccountContext, type AccountDb } from "./schema";

export abstract class AccountStorage extends DurableObject<AppEnv> {
  protected readonly db: AccountDb;
  /** The one alarm, shared by the object's tasks (account/alarms.ts). */
  protected readonly alarms: AccountAlarms;
  /** Set by the first step of deleting the account: every later write is refused (account/tombstone.ts). */
  protected readonly tombstone: Tombstone;
  /** Charges checked but not written yet: a chat turn's, until its upstream request has left (credits/ledger.ts). */
  private readonly heldCharges: HeldCharges = new Map();

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    this.db = drizzle(ctx.storage, { schema: accountSchema });
    this.alarms = new AccountAlarms(ctx.storage);
    this.tombstone = new Tombstone(ctx.storage);
    // Nothing reaches the object before its tables are current; a migration is a handful of statements once per
    // version, and on later starts one read of drizzle's migrations table. Nor before it knows whether it is erased.
    void ctx.blockConcurrencyWhile(async () => {
      await migrate(this.db, migrations);
      await this.tombstone.load();
    });
  }

  /**
   * The account (user id or guest id) this object is named for (account/client.ts `accountObject`): read from its own
   * name, so no caller can ask it to act for another account.
   */
  protected get accountId(): string {
    const name = this.ctx.id.name;
    if (!name) throw new Error("account: an account's object is always reached by its name");
    return name;
  }

  /** What an operation of account/operations.ts runs with, here. */
  protected accountContext(): AccountContext {
    return { db: this.db, env: this.env, accountId: this.accountId, alarms: this.alarms, heldCharges: this.heldCharges };
  }
}
