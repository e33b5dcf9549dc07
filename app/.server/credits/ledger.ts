// The daily credits ledger (docs/product.md §6): one row per charge, idempotent by key, summed per UTC day. It runs
// inside a Durable Object over its SQLite, synchronously, so a check-and-charge can never interleave with another and
// concurrent requests cannot overspend. One implementation for both homes of a ledger: the account's own object
// (its credits, decision 0026) and the CreditsCounter objects that count what spans visitors (an address, decision
// 0011; Pro's voice minutes, decision 0025).
import { and, eq, lt, sql } from "drizzle-orm";
import { nextUtcMidnight, utcDay } from "../../lib/time";
import { accountSchema, sqlOf, type AccountDb } from "../account/schema";

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

/**
 * Charges decided but not written yet, by key: a chat turn's charge is held from its check until its upstream request
 * has left, and written then (decision 0009, "The charge is written once the request has left"). Kept in memory by the
 * ledger's owner (the account's object); a held charge counts as used and as already made, like a written one.
 */
export type HeldCharges = Map<string, Pick<CreditCharge, "day" | "cost" | "createdAt" | "linked">>;

/**
 * A held charge older than this is let go unwritten: its turn ended before its request left without giving it back
 * (which the turn always does; this only bounds what a bug could cost the account).
 */
const HELD_AT_MOST_MS = 60_000;

const KEEP_DAYS = 35;
const { creditCharges } = accountSchema;

export class CreditLedger {
  constructor(
    private readonly db: AccountDb,
    private readonly held: HeldCharges = new Map(),
  ) {}

  /** Checks and makes a charge; with `hold`, made in memory only, until commit() writes it (refund() lets it go). */
  consume(request: ConsumeRequest, { hold = false } = {}): ConsumeResult {
    const { key, cost, limit } = request;
    const linked = request.linked ?? null;
    if (!key || !Number.isInteger(cost) || cost < 0) throw new RangeError("consume needs a key and a whole, non-negative cost");
    const now = request.now ?? Date.now();
    const day = utcDay(now);
    this.forgetStaleHolds(now);
    // One statement for both reads (a charge is on every turn's way to its request): this key's row, and the day's sum.
    const { refunded, written } = sqlOf(this.db)
      .exec<{ refunded: number | null; written: number }>(
        "SELECT (SELECT refunded FROM credit_charges WHERE key = ?) AS refunded, (SELECT coalesce(sum(cost), 0) FROM credit_charges WHERE day = ? AND refunded = 0) AS written",
        key,
        day,
      )
      .one();
    if (refunded === 0 || this.held.has(key)) {
      return { ok: true, duplicate: true, balance: this.balanceOn(day, limit, now) };
    }
    const used = written + this.heldOn(day);
    if (limit !== null && used + cost > limit) {
      return { ok: false, duplicate: false, balance: toBalance(day, used, limit, now) };
    }
    const charge = { day, cost, createdAt: now, linked };
    if (hold) this.held.set(key, charge);
    else this.write(key, charge, { exists: refunded !== null, written });
    return { ok: true, duplicate: false, balance: toBalance(day, used + cost, limit, now) };
  }

  /** Writes a held charge; nothing when `key` is not held (written already, given back, or never held). */
  commit(key: string): void {
    const charge = this.held.get(key);
    if (!charge) return;
    // Written first: a write that fails leaves the hold for the turn's refund to let go.
    this.write(key, charge);
    this.held.delete(key);
  }

  /** Writes a charge; `known` is what the caller's check just read (a held charge's commit reads it again). */
  private write(key: string, charge: Pick<CreditCharge, "day" | "cost" | "createdAt" | "linked">, known?: { exists: boolean; written: number }) {
    const exists = known?.exists ?? this.db.select({ key: creditCharges.key }).from(creditCharges).where(eq(creditCharges.key, key)).get() !== undefined;
    if (exists) {
      // Refunded earlier (the attempt failed); the retry is charged once, in today's bucket.
      this.db
        .update(creditCharges)
        .set({ refunded: 0, ...charge })
        .where(eq(creditCharges.key, key))
        .run();
      return;
    }
    // The day's first charge clears days no longer kept.
    if ((known?.written ?? this.usedOn(charge.day)) === 0)
      this.db
        .delete(creditCharges)
        .where(lt(creditCharges.day, utcDay(charge.createdAt - KEEP_DAYS * 86_400_000)))
        .run();
    this.db
      .insert(creditCharges)
      .values({ key, ...charge })
      .run();
  }

  private forgetStaleHolds(now: number) {
    for (const [key, charge] of this.held) if (now - charge.createdAt > HELD_AT_MOST_MS) this.held.delete(key);
  }

  /** Gives back a charge. Idempotent: a second refund of the same key changes nothing. */
  refund(key: string, limit: number | null = null, now: number = Date.now()): RefundResult {
    const held = this.held.get(key);
    if (held) {
      // Never written: letting the hold go is the whole refund.
      this.held.delete(key);
      return { refunded: true, linked: held.linked, balance: this.balanceOn(utcDay(now), limit, now) };
    }
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

  /** A day's charges that count: written and not given back, and held. */
  private usedOn(day: string): number {
    const row = this.db
      .select({ used: sql<number | null>`sum(${creditCharges.cost})` })
      .from(creditCharges)
      .where(and(eq(creditCharges.day, day), eq(creditCharges.refunded, 0)))
      .get();
    return (row?.used ?? 0) + this.heldOn(day);
  }

  private heldOn(day: string): number {
    let held = 0;
    for (const charge of this.held.values()) if (charge.day === day) held += charge.cost;
    return held;
  }
}

function toBalance(day: string, used: number, limit: number | null, now: number): CreditBalance {
  return { day, used, limit, remaining: limit === null ? null : Math.max(0, limit - used), resetsAt: nextUtcMidnight(now) };
}
