// The daily credits ledger (docs/product.md §6): one row per charge, idempotent by key, summed per UTC day. It runs
// inside a Durable Object over its SQLite, synchronously, so a check-and-charge can never interleave with another and
// concurrent requests cannot overspend. One implementation for both homes of a ledger: the account's own object
// (its credits, decision 0026) and the CreditsCounter objects that count what spans visitors (an address, decision
// 0011; Pro's voice minutes, decision 0025).
import { and, eq, lt, sql } from "drizzle-orm";
import { nextUtcMidnight, utcDay } from "../../lib/time";
import { accountSchema, type AccountDb } from "../account/schema";

export interface CreditBalance {
  /** UTC date (YYYY-MM-DD) of the bucket. */
  day: string;
  used: number;
  /** null = unlimited (Pro); usage is still counted. */
  limit: number | null;
  remaining: number | null;
  /** Epoch ms of the next refill (next UTC midnight). */
  resetsAt: number;
}

export interface ConsumeRequest {
  /** Idempotency key: the same key never charges twice. */
  key: string;
  cost: number;
  limit: number | null;
  /** Injected clock (tests move time); defaults to now. */
  now?: number;
  /** Another counter this charge was also made on (a visitor's address); `refund` names it so both are given back. */
  linked?: string;
}

export interface ConsumeResult {
  ok: boolean;
  /** True when this key had already been charged (a retried request). */
  duplicate: boolean;
  balance: CreditBalance;
}

export interface RefundResult {
  refunded: boolean;
  /** The other counter the charge was also made on, for the caller to refund there too. */
  linked: string | null;
  balance: CreditBalance;
}

export type CreditCharge = typeof accountSchema.creditCharges.$inferSelect;

const KEEP_DAYS = 35;
const { creditCharges } = accountSchema;

export class CreditLedger {
  constructor(private readonly db: AccountDb) {}

  consume(request: ConsumeRequest): ConsumeResult {
    const { key, cost, limit } = request;
    const linked = request.linked ?? null;
    if (!key || !Number.isInteger(cost) || cost < 0) throw new RangeError("consume needs a key and a whole, non-negative cost");
    const now = request.now ?? Date.now();
    const day = utcDay(now);
    const existing = this.db.select({ refunded: creditCharges.refunded }).from(creditCharges).where(eq(creditCharges.key, key)).get();
    if (existing && existing.refunded === 0) {
      return { ok: true, duplicate: true, balance: this.balanceOn(day, limit, now) };
    }
    const used = this.usedOn(day);
    if (limit !== null && used + cost > limit) {
      return { ok: false, duplicate: false, balance: toBalance(day, used, limit, now) };
    }
    if (existing) {
      // Refunded earlier (the attempt failed); the retry is charged once, in today's bucket.
      this.db.update(creditCharges).set({ refunded: 0, day, cost, createdAt: now, linked }).where(eq(creditCharges.key, key)).run();
    } else {
      if (used === 0)
        this.db
          .delete(creditCharges)
          .where(lt(creditCharges.day, utcDay(now - KEEP_DAYS * 86_400_000)))
          .run();
      this.db.insert(creditCharges).values({ key, day, cost, createdAt: now, linked }).run();
    }
    return { ok: true, duplicate: false, balance: toBalance(day, used + cost, limit, now) };
  }

  /** Gives back a charge. Idempotent: a second refund of the same key changes nothing. */
  refund(key: string, limit: number | null = null, now: number = Date.now()): RefundResult {
    const refunded = this.db
      .update(creditCharges)
      .set({ refunded: 1 })
      .where(and(eq(creditCharges.key, key), eq(creditCharges.refunded, 0)))
      .returning({ linked: creditCharges.linked })
      .all();
    return { refunded: refunded.length > 0, linked: refunded[0]?.linked ?? null, balance: this.balanceOn(utcDay(now), limit, now) };
  }

  balance(limit: number | null, now: number = Date.now()): CreditBalance {
    return this.balanceOn(utcDay(now), limit, now);
  }

  /** Every charge of one day, refunded ones included (a ledger moving house takes its day along). */
  chargesOn(day: string): CreditCharge[] {
    return this.db.select().from(creditCharges).where(eq(creditCharges.day, day)).all();
  }

  /** Takes charges over from another ledger; a key already here stays as it is. */
  keep(charges: CreditCharge[]): void {
    for (const charge of charges) this.db.insert(creditCharges).values(charge).onConflictDoNothing().run();
  }

  private balanceOn(day: string, limit: number | null, now: number): CreditBalance {
    return toBalance(day, this.usedOn(day), limit, now);
  }

  private usedOn(day: string): number {
    const row = this.db
      .select({ used: sql<number | null>`sum(${creditCharges.cost})` })
      .from(creditCharges)
      .where(and(eq(creditCharges.day, day), eq(creditCharges.refunded, 0)))
      .get();
    return row?.used ?? 0;
  }
}

function toBalance(day: string, used: number, limit: number | null, now: number): CreditBalance {
  return { day, used, limit, remaining: limit === null ? null : Math.max(0, limit - used), resetsAt: nextUtcMidnight(now) };
}
