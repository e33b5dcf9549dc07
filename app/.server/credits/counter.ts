// CreditsCounter: a credits ledger (credits/ledger.ts) in a Durable Object of its own, for what spans accounts: the
// visitors of one address (decision 0011) and Pro's voice minutes (decision 0025). An account's own credits live in
// its account object (decision 0026); its counter from before that is only read once more, for the day of the move
// (`chargesOn`), so nobody gets a fresh allowance from the deploy.
import { DurableObject } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/durable-sqlite";
import { accountSchema } from "../account/schema";
import { CreditLedger, type ConsumeRequest, type ConsumeResult, type CreditBalance, type CreditCharge, type RefundResult } from "./ledger";

export type { ConsumeRequest, ConsumeResult, CreditBalance, CreditCharge, RefundResult };

export class CreditsCounter extends DurableObject<Record<string, unknown>> {
  private readonly ledger: CreditLedger;

  constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    // The table the ledger writes is the account object's credit_charges (db/account-schema.ts), created here by hand:
    // a counter has none of the account's other tables. Counters made before were called `charges`, some without the
    // `linked` column (added by decision 0011); they are brought to the same shape once.
    const tables = sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'charges'").toArray();
    if (tables.length > 0) {
      const columns = sql.exec<{ name: string }>("PRAGMA table_info(charges)").toArray();
      if (!columns.some((column) => column.name === "linked")) sql.exec("ALTER TABLE charges ADD COLUMN linked TEXT");
      sql.exec("DROP INDEX IF EXISTS charges_day");
      sql.exec("ALTER TABLE charges RENAME TO credit_charges");
    }
    sql.exec(`CREATE TABLE IF NOT EXISTS credit_charges (
      key TEXT PRIMARY KEY NOT NULL,
      day TEXT NOT NULL,
      cost INTEGER NOT NULL,
      refunded INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      linked TEXT
    )`);
    sql.exec("CREATE INDEX IF NOT EXISTS credit_charges_day ON credit_charges (day, refunded)");
    this.ledger = new CreditLedger(drizzle(ctx.storage, { schema: accountSchema }));
  }

  consume(request: ConsumeRequest): ConsumeResult {
    return this.ledger.consume(request);
  }

  /** Gives back a charge; `linked` names the other counter the charge was also made on, for the caller to refund. */
  refund(key: string, limit: number | null = null, now: number = Date.now()): RefundResult {
    return this.ledger.refund(key, limit, now);
  }

  balance(limit: number | null, now: number = Date.now()): CreditBalance {
    return this.ledger.balance(limit, now);
  }

  /** Forgets every charge: the account it counts for was deleted (account/deletion.ts, decision 0033). */
  forgetAll(): void {
    this.ctx.storage.sql.exec("DELETE FROM credit_charges");
  }

  /** The day's charges, for an account's object taking its ledger over (credits/account-credits.ts). */
  chargesOn(day: string): CreditCharge[] {
    return this.ledger.chargesOn(day);
  }
}
