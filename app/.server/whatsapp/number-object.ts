// WhatsAppNumber: one Durable Object per WhatsApp number (the user's wa_id) that keeps the number's bookkeeping off the
// shared database (docs/decisions/0036-whatsapp-number-object.md): the message ids already received (each answered
// once), the replies sent and Meta's statuses for them, the sends that failed, the start of Meta's 24-hour window,
// what D1 said about the number's link (read again after NUMBER_LIMITS.linkTtlMs, or at once when the link changes),
// and the project a new conversation starts in ("/project <name>").
// Every row expires (the alarm prunes by age and count). One more instance, named after the sending number, holds the
// product-wide pause of replies after a billing error (billing-pause.ts).
import { DurableObject } from "cloudflare:workers";
import type { User } from "../../../db/schema";
import type { WhatsAppLink } from "./linking";

const DAY = 24 * 60 * 60 * 1000;

export const NUMBER_LIMITS = {
  /** Meta redelivers a message for days (PROVIDERS.md); a month covers that, as the D1 rows' period did (decision 0032). */
  keepMs: 30 * DAY,
  /** Rows of each kind a number keeps at most, newest first: a few months of a busy person's messages. */
  rows: 5_000,
  /** What D1 said about the link is trusted this long: a plan ended or an account disabled elsewhere reaches WhatsApp within it. */
  linkTtlMs: 5 * 60_000,
  /**
   * A Free plan is trusted only this long: someone who has just paid is told to upgrade for no longer than it (a
   * checkout takes longer), and a Free number's messages, each answered with the upgrade link, read D1 at most this often.
   */
  freePlanTtlMs: 30_000,
  /** A message claimed this long ago without finishing was lost with its worker: it may be claimed again. */
  staleClaimMs: 10 * 60_000,
  /** How often the alarm prunes while rows are left. */
  pruneEveryMs: DAY,
};

/** What answering needs of the account, kept with the link (never the account's secrets). */
export type LinkedUser = Pick<User, "id" | "locale" | "displayName" | "accessLevel">;

/** What D1 said about the number when it was last asked: its link, account and plan, or that it is not linked. */
export type KnownLink = { link: WhatsAppLink; user: LinkedUser; plan: "free" | "pro"; at: number } | { link: null; at: number };

export type ReplyStatus = "sent" | "delivered" | "read" | "failed";

/** Replies paused after Meta reported a billing or payment error (billing-pause.ts). */
export interface RepliesPause {
  /** When Meta reported it (the status's timestamp). */
  at: number;
  errorCode: string;
  /** The reply whose status reported it. */
  replyId: string;
}

/** Statuses only move forward (sent < delivered < read; failed is final), whatever order Meta delivers them in. */
const RANK = (column: string) => `(CASE ${column} WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 0 END)`;

export class WhatsAppNumber extends DurableObject<Record<string, unknown>> {
  private readonly sql: SqlStorage;
  private alarmSet: boolean | null = null;

  constructor(ctx: DurableObjectState, env: Record<string, unknown>) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id TEXT PRIMARY KEY NOT NULL, received_at INTEGER NOT NULL, status TEXT NOT NULL, error_code TEXT, job_id TEXT, updated_at INTEGER NOT NULL)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS messages_received ON messages (received_at)");
    this.sql.exec(`CREATE TABLE IF NOT EXISTS replies (
      id TEXT PRIMARY KEY NOT NULL, inbound_id TEXT, status TEXT NOT NULL, error_code TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS replies_created ON replies (created_at)");
    this.sql.exec(`CREATE TABLE IF NOT EXISTS failures (
      id INTEGER PRIMARY KEY AUTOINCREMENT, inbound_id TEXT, kind TEXT NOT NULL, error_code TEXT NOT NULL, detail TEXT, created_at INTEGER NOT NULL)`);
    this.sql.exec("CREATE INDEX IF NOT EXISTS failures_created ON failures (created_at)");
    this.sql.exec("CREATE TABLE IF NOT EXISTS facts (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)");
  }

  private fact<T>(key: string): T | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM facts WHERE key = ?", key).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : null;
  }

  private setFact(key: string, value: unknown) {
    this.sql.exec("INSERT INTO facts (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, JSON.stringify(value));
  }

  /** Rows were written: the alarm that prunes them is set if it is not already. */
  private async prunesLater(now: number) {
    if (this.alarmSet === null) this.alarmSet = (await this.ctx.storage.getAlarm()) !== null;
    if (this.alarmSet) return;
    await this.ctx.storage.setAlarm(now + NUMBER_LIMITS.pruneEveryMs);
    this.alarmSet = true;
  }

  /**
   * Records the message id and takes the message for this delivery in one statement (false: another delivery has it,
   * or it was answered), moves the window's start forward, and says what is known of the link if it is still fresh.
   */
  async begin(id: string, sentAt: number, now = Date.now()): Promise<{ claimed: boolean; known: KnownLink | null }> {
    const claimed =
      this.sql
        .exec(
          `INSERT INTO messages (id, received_at, status, updated_at) VALUES (?, ?, 'processing', ?)
           ON CONFLICT (id) DO UPDATE SET status = 'processing', updated_at = excluded.updated_at
           WHERE status = 'queued' OR (status = 'processing' AND updated_at < ?) RETURNING id`,
          id,
          now,
          now,
          now - NUMBER_LIMITS.staleClaimMs,
        )
        .toArray().length > 0;
    if (!claimed) return { claimed, known: null };
    // Never moves back: a late redelivery of an older message does not shorten the window.
    this.setFact("window", Math.max(this.fact<number>("window") ?? 0, sentAt));
    await this.prunesLater(now);
    const known = this.fact<KnownLink>("link");
    const ttl = known?.link && known.plan === "free" ? NUMBER_LIMITS.freePlanTtlMs : NUMBER_LIMITS.linkTtlMs;
    return { claimed, known: known && known.at > now - ttl ? known : null };
  }

  finish(id: string, status: "done" | "failed", errorCode: string | null = null) {
    this.sql.exec("UPDATE messages SET status = ?, error_code = ?, updated_at = ? WHERE id = ?", status, errorCode, Date.now(), id);
  }

  /** Answering threw: the queue's retry may take the message again at once. */
  release(id: string) {
    this.sql.exec("UPDATE messages SET status = 'queued', updated_at = ? WHERE id = ?", Date.now(), id);
  }

  /** The start of Meta's 24-hour window: the newest message the number sent. */
  windowStart(): number | null {
    return this.fact<number>("window");
  }

  remember(known: KnownLink) {
    this.setFact("link", known);
  }

  /** The link changed in D1 (unlinked, moved, a setting changed): the next message reads it again. */
  forget() {
    this.sql.exec("DELETE FROM facts WHERE key = 'link'");
  }

  /** The conversation the link continues changed (a new thread, "/new"): D1 has it, and so does what the object knows. */
  setThread(threadId: string | null) {
    const known = this.fact<KnownLink>("link");
    if (known?.link) this.setFact("link", { ...known, link: { ...known.link, threadId } });
  }

  /**
   * The project "/project <name>" chose (decision 0038-projects): a new conversation of the number starts in it, until
   * "/new" or another project. Only its id: the account's object decides whether it still exists.
   */
  setProject(projectId: string | null) {
    if (projectId) this.setFact("project", projectId);
    else this.sql.exec("DELETE FROM facts WHERE key = 'project'");
  }

  activeProject(): string | null {
    return this.fact<string>("project");
  }

  async recordSent(replyId: string, inboundId: string) {
    const now = Date.now();
    // A status may have arrived first and made the row: the send fills in what it answers.
    this.sql.exec(
      `INSERT INTO replies (id, inbound_id, status, created_at, updated_at) VALUES (?, ?, 'sent', ?, ?)
       ON CONFLICT (id) DO UPDATE SET inbound_id = excluded.inbound_id`,
      replyId,
      inboundId,
      now,
      now,
    );
    await this.prunesLater(now);
  }

  async recordStatuses(statuses: { id: string; status: ReplyStatus; errorCode: string | null }[]) {
    const now = Date.now();
    for (const status of statuses) {
      this.sql.exec(
        `INSERT INTO replies (id, status, error_code, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, error_code = excluded.error_code, updated_at = excluded.updated_at
         WHERE replies.status <> 'failed' AND (excluded.status = 'failed' OR ${RANK("excluded.status")} > ${RANK("replies.status")})`,
        status.id,
        status.status,
        status.errorCode,
        now,
        now,
      );
    }
    await this.prunesLater(now);
  }

  async recordFailure(failure: { inboundId: string | null; kind: string; errorCode: string; detail: string }) {
    const now = Date.now();
    this.sql.exec(
      "INSERT INTO failures (inbound_id, kind, error_code, detail, created_at) VALUES (?, ?, ?, ?, ?)",
      failure.inboundId,
      failure.kind,
      failure.errorCode,
      failure.detail,
      now,
    );
    await this.prunesLater(now);
  }

  /** The creation job a message started (photo translate, /image): its result is sent here when the job ends. */
  setJob(messageId: string, jobId: string) {
    this.sql.exec("UPDATE messages SET job_id = ?, updated_at = ? WHERE id = ?", jobId, Date.now(), messageId);
  }

  /** The message that started `jobId`, taken so only one delivery of the job sends its result; null if none. */
  takeJob(jobId: string): { id: string; receivedAt: number; windowStart: number | null; locale: LinkedUser["locale"] | null } | null {
    const row = this.sql
      .exec<{ id: string; received_at: number }>(
        "UPDATE messages SET job_id = NULL, updated_at = ? WHERE job_id = ? RETURNING id, received_at",
        Date.now(),
        jobId,
      )
      .toArray()[0];
    if (!row) return null;
    const known = this.fact<KnownLink>("link");
    return { id: row.id, receivedAt: row.received_at, windowStart: this.windowStart(), locale: known?.link ? known.user.locale : null };
  }

  /**
   * Everything the number's object keeps, for its unlink or its account's deletion (decision 0033); a pause (the
   * sending number's instance only) stays. `keep` is the message being answered when the number moves to another
   * account: its claim stays, so a redelivery is not answered twice.
   */
  async erase(keep?: string) {
    this.sql.exec("DELETE FROM messages WHERE id <> ?", keep ?? "");
    this.sql.exec("DELETE FROM replies");
    this.sql.exec("DELETE FROM failures");
    this.sql.exec("DELETE FROM facts WHERE key <> 'pause'");
    if (keep) return;
    await this.ctx.storage.deleteAlarm();
    this.alarmSet = false;
  }

  pauseState(): RepliesPause | null {
    return this.fact<RepliesPause>("pause");
  }

  /** Pauses replies; true if they were not paused already (the operator is told once). */
  pause(pause: RepliesPause): boolean {
    const already = this.fact<RepliesPause>("pause");
    if (already && already.at >= pause.at) return false;
    this.setFact("pause", pause);
    return already === null;
  }

  /** Resumes replies (the operator, or a delivery Meta reported after the pause's error); the pause cleared, or null. */
  resume(deliveredAt?: number): RepliesPause | null {
    const pause = this.fact<RepliesPause>("pause");
    if (!pause || (deliveredAt !== undefined && deliveredAt <= pause.at)) return null;
    this.sql.exec("DELETE FROM facts WHERE key = 'pause'");
    return pause;
  }

  /** Rows past their period or beyond the newest NUMBER_LIMITS.rows go; with nothing left, the object keeps nothing. */
  override async alarm() {
    const now = Date.now();
    const before = now - NUMBER_LIMITS.keepMs;
    const limit = NUMBER_LIMITS.rows;
    this.sql.exec("DELETE FROM messages WHERE received_at < ?", before);
    this.sql.exec("DELETE FROM messages WHERE id IN (SELECT id FROM messages ORDER BY received_at DESC LIMIT -1 OFFSET ?)", limit);
    this.sql.exec("DELETE FROM replies WHERE created_at < ?", before);
    this.sql.exec("DELETE FROM replies WHERE id IN (SELECT id FROM replies ORDER BY created_at DESC LIMIT -1 OFFSET ?)", limit);
    this.sql.exec("DELETE FROM failures WHERE created_at < ?", before);
    this.sql.exec("DELETE FROM failures WHERE id IN (SELECT id FROM failures ORDER BY id DESC LIMIT -1 OFFSET ?)", limit);
    const left = this.sql
      .exec<{ n: number }>("SELECT (SELECT count(*) FROM messages) + (SELECT count(*) FROM replies) + (SELECT count(*) FROM failures) AS n")
      .one().n;
    if (left > 0) {
      await this.ctx.storage.setAlarm(now + NUMBER_LIMITS.pruneEveryMs);
      this.alarmSet = true;
      return;
    }
    this.alarmSet = false;
    // Nothing happened for a month: the window and what D1 said are long stale; a pause (the sending number's) stays.
    this.sql.exec("DELETE FROM facts WHERE key <> 'pause'");
  }
}
