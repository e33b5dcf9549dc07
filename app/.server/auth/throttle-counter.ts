// AuthThrottle: one Durable Object per counted key ("signin:pair:<address>:<email>", "signin:address:<address>", ...). Calls
// run one at a time and SQLite is synchronous, so counting is exact: concurrent failures can never slip past the
// limit the way they could with an approximate, eventually consistent limiter.
import { DurableObject } from "cloudflare:workers";

export interface ThrottleWindow {
  limit: number;
  windowMs: number;
  /**
   * Slows instead of locking: once the window is full, one more attempt is still allowed every `paceMs` (counted like
   * the others). Without it a full window refuses everything until its oldest attempt leaves.
   */
  paceMs?: number;
}

export interface AttemptResult {
  allowed: boolean;
  /** Set when allowed: pass it to forgive() if the attempt turns out to be a success. */
  attemptId: string | null;
  /** Attempts counted in the window, including this one when allowed. */
  count: number;
  /** When refused: milliseconds until the oldest counted attempt leaves the window. */
  retryAfterMs: number;
}

/** Longer than every window any key uses (the longest: uploads per day), so the alarm never drops a counted attempt. */
const RETAIN_MS = 25 * 60 * 60_000;

export class AuthThrottle extends DurableObject<Record<string, unknown>> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.createSchema();
  }

  private createSchema() {
    this.sql.exec("CREATE TABLE IF NOT EXISTS attempts (id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    this.sql.exec("CREATE INDEX IF NOT EXISTS attempts_at ON attempts (at)");
  }

  /**
   * Counts an attempt before its outcome is known (so parallel attempts are all counted), or refuses it when the
   * window is already full (and, with a pace, the last attempt was too recent). Successful attempts are taken back
   * with forgive().
   */
  async attempt(window: ThrottleWindow, now: number = Date.now()): Promise<AttemptResult> {
    this.sql.exec("DELETE FROM attempts WHERE at <= ?", now - window.windowMs);
    const rows = this.sql
      .exec<{ count: number; oldest: number | null; newest: number | null }>("SELECT COUNT(*) AS count, MIN(at) AS oldest, MAX(at) AS newest FROM attempts")
      .toArray()[0];
    const count = rows?.count ?? 0;
    if (count >= window.limit) {
      const untilWindow = (rows?.oldest ?? now) + window.windowMs - now;
      // Paced: the wait is until the pace allows the next attempt, which is never later than the window would.
      const untilPace = window.paceMs ? (rows?.newest ?? now) + window.paceMs - now : Infinity;
      const retryAfterMs = Math.min(untilWindow, untilPace);
      if (retryAfterMs > 0) return { allowed: false, attemptId: null, count, retryAfterMs };
    }
    const attemptId = crypto.randomUUID();
    this.sql.exec("INSERT INTO attempts (id, at) VALUES (?, ?)", attemptId, now);
    // Clean up after the window: an address or email that is never seen again leaves nothing behind.
    await this.ctx.storage.setAlarm(now + RETAIN_MS + 1_000);
    return { allowed: true, attemptId, count: count + 1, retryAfterMs: 0 };
  }

  /** Takes one counted attempt back (it succeeded). */
  forgive(attemptId: string): boolean {
    return this.sql.exec("DELETE FROM attempts WHERE id = ?", attemptId).rowsWritten > 0;
  }

  /** Forgets every attempt (a correct password forgets its own address's failures; a password reset, the account's). */
  clear(): void {
    this.sql.exec("DELETE FROM attempts");
  }

  count(windowMs: number, now: number = Date.now()): number {
    return this.sql.exec<{ count: number }>("SELECT COUNT(*) AS count FROM attempts WHERE at > ?", now - windowMs).toArray()[0]?.count ?? 0;
  }

  override async alarm(): Promise<void> {
    // Windows differ per key kind; RETAIN_MS is longer than every window we use.
    const keepFrom = Date.now() - RETAIN_MS;
    this.sql.exec("DELETE FROM attempts WHERE at <= ?", keepFrom);
    const newest = this.sql.exec<{ newest: number | null }>("SELECT MAX(at) AS newest FROM attempts").toArray()[0]?.newest;
    if (newest === null || newest === undefined) {
      // Nothing left to remember: free the object's storage entirely, keeping the (empty) table usable.
      await this.ctx.storage.deleteAll();
      this.createSchema();
    } else {
      await this.ctx.storage.setAlarm(newest + RETAIN_MS + 1_000);
    }
  }
}
