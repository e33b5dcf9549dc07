// One CreditsCounter per account (and per guest id, and per visitor address: docs/decisions/0011). Each call runs to completion before the next starts and
// the SQLite API is synchronous, so a check-and-charge can never interleave: concurrent requests cannot overspend.
import { DurableObject } from "cloudflare:workers";
import { nextUtcMidnight, utcDay } from "../../lib/time";

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

const KEEP_DAYS = 35;

export class CreditsCounter extends DurableObject<Record<string, unknown>> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS charges (
      key TEXT PRIMARY KEY,
      day TEXT NOT NULL,
      cost INTEGER NOT NULL,
      refunded INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      linked TEXT
    )`);
    // Counters created before decision 0011 have no linked column yet.
    const columns = this.sql.exec<{ name: string }>("PRAGMA table_info(charges)").toArray();
    if (!columns.some((column) => column.name === "linked")) this.sql.exec("ALTER TABLE charges ADD COLUMN linked TEXT");
    this.sql.exec("CREATE INDEX IF NOT EXISTS charges_day ON charges (day, refunded)");
  }

  consume(request: ConsumeRequest): ConsumeResult {
    const { key, cost, limit } = request;
    const linked = request.linked ?? null;
    if (!key || !Number.isInteger(cost) || cost < 0) throw new RangeError("consume needs a key and a whole, non-negative cost");
    const now = request.now ?? Date.now();
    const day = utcDay(now);
    const existing = this.sql.exec<{ refunded: number }>("SELECT refunded FROM charges WHERE key = ?", key).toArray()[0];
    if (existing && existing.refunded === 0) {
      return { ok: true, duplicate: true, balance: this.balanceOf(day, limit, now) };
    }
    const used = this.usedOn(day);
    if (limit !== null && used + cost > limit) {
      return { ok: false, duplicate: false, balance: this.toBalance(day, used, limit, now) };
    }
    if (existing) {
      // Refunded earlier (the attempt failed); the retry is charged once, in today's bucket.
      this.sql.exec("UPDATE charges SET refunded = 0, day = ?, cost = ?, created_at = ?, linked = ? WHERE key = ?", day, cost, now, linked, key);
    } else {
      if (used === 0) this.forgetOldDays(now);
      this.sql.exec("INSERT INTO charges (key, day, cost, created_at, linked) VALUES (?, ?, ?, ?, ?)", key, day, cost, now, linked);
    }
    return { ok: true, duplicate: false, balance: this.toBalance(day, used + cost, limit, now) };
  }

  /**
   * Gives back a charge. Idempotent: a second refund of the same key changes nothing. `linked` names the other
   * counter the charge was also made on, for the caller to refund there too.
   */
  refund(key: string, limit: number | null = null, now: number = Date.now()): { refunded: boolean; linked: string | null; balance: CreditBalance } {
    const refunded = this.sql.exec<{ linked: string | null }>("UPDATE charges SET refunded = 1 WHERE key = ? AND refunded = 0 RETURNING linked", key).toArray();
    return { refunded: refunded.length > 0, linked: refunded[0]?.linked ?? null, balance: this.balanceOf(utcDay(now), limit, now) };
  }

  balance(limit: number | null, now: number = Date.now()): CreditBalance {
    return this.balanceOf(utcDay(now), limit, now);
  }

  private balanceOf(day: string, limit: number | null, now: number): CreditBalance {
    return this.toBalance(day, this.usedOn(day), limit, now);
  }

  private usedOn(day: string): number {
    const row = this.sql.exec<{ used: number | null }>("SELECT SUM(cost) AS used FROM charges WHERE day = ? AND refunded = 0", day).toArray()[0];
    return row?.used ?? 0;
  }

  private toBalance(day: string, used: number, limit: number | null, now: number): CreditBalance {
    return {
      day,
      used,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - used),
      resetsAt: nextUtcMidnight(now),
    };
  }

  private forgetOldDays(now: number) {
    this.sql.exec("DELETE FROM charges WHERE day < ?", utcDay(now - KEEP_DAYS * 86_400_000));
  }
}
