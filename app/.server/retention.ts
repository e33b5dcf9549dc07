// What the shared database keeps and for how long (docs/decisions/0032-retention.md; README "What the shared database
// keeps"): one table of rules, run by the main worker's hourly cron. Each rule deletes the rows whose time column is
// older than its period, in bounded batches through an index on that column, so one run never holds the D1 primary
// for long and a backlog is worked off over the following runs.
import { primaryOf } from "./db-session";
import { unlessDropped } from "./dropped-table";

const DAY = 24 * 60 * 60 * 1000;

export interface RetentionRule {
  table: string;
  /** Epoch milliseconds; an index on it serves the selection (tests/integration/retention.test.ts checks the plan). */
  column: string;
  /** A row goes once `column` is older than this. */
  keepMs: number;
  /** SQL without parameters: rows it excludes are kept whatever their age. */
  extra?: string;
}

/** Every rule, with why its period is safe. README and SECURITY.md state the same periods. */
export const RETENTION_RULES: readonly RetentionRule[] = [
  // D1's sessions from before decision 0039 (auth/legacy-session.ts): one past its expiry is refused anyway; no row
  // is the same "ended". Goes with the table, once db/legacy/drop_d1_sessions.sql moves into db/migrations.
  { table: "sessions", column: "expires_at", keepMs: 0 },
  // A week after expiry, so an old link still says "expired, ask for a new one" rather than "invalid". A used token
  // goes with the same rule: its expiry is at most 7 days after it was made (auth/policy.ts EMAIL_TOKEN_TTL).
  { table: "email_tokens", column: "expires_at", keepMs: 7 * DAY },
  // An address and subject per e-mail sent (bodies are stored only locally). A queued row is still to be delivered.
  { table: "email_outbox", column: "created_at", keepMs: 30 * DAY, extra: "status <> 'queued'" },
  // Webhook idempotency: Stripe retries an event for up to 3 days; 30 leaves room for a manual resend.
  { table: "stripe_events", column: "received_at", keepMs: 30 * DAY },
  // A code links nothing once expired (whatsapp/linking.ts), used or not.
  { table: "whatsapp_link_codes", column: "expires_at", keepMs: 0 },
];

export interface PruneLimits {
  /** Rows per DELETE statement. */
  batchSize: number;
  /** Statements per table per run: at most batchSize x maxBatches rows of a table go in one run. */
  maxBatches: number;
}

const LIMITS: PruneLimits = { batchSize: 500, maxBatches: 20 };

/** The rows a rule would delete next: the rowids of at most `limit` rows past its period. */
export function selectionSql(rule: RetentionRule, now: number, limit: number): { sql: string; params: number[] } {
  const extra = rule.extra ? ` AND ${rule.extra}` : "";
  return { sql: `SELECT rowid FROM ${rule.table} WHERE ${rule.column} < ?${extra} LIMIT ?`, params: [now - rule.keepMs, limit] };
}

/** Deletes what every rule lets go, on the primary; returns the number of rows deleted per table. */
export async function pruneSharedRows(env: { DB: D1Database }, now: number, limits: PruneLimits = LIMITS): Promise<Record<string, number>> {
  // Outside a request env.DB is the plain binding, already the primary; primaryOf says so where a request's session is passed.
  const db = primaryOf(env.DB);
  const counts: Record<string, number> = {};
  for (const rule of RETENTION_RULES) {
    const selection = selectionSql(rule, now, limits.batchSize);
    const statement = `DELETE FROM ${rule.table} WHERE rowid IN (${selection.sql})`;
    // A table a step in db/legacy/ dropped (D1's sessions, decision 0039) has nothing left to delete: the cron goes on.
    counts[rule.table] = await unlessDropped(
      async () => {
        let deleted = 0;
        for (let batch = 0; batch < limits.maxBatches; batch++) {
          const result = await db
            .prepare(statement)
            .bind(...selection.params)
            .run();
          deleted += result.meta.changes;
          if (result.meta.changes < limits.batchSize) break;
        }
        return deleted;
      },
      0,
      rule.table,
    );
  }
  return counts;
}
