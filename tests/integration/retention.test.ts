// What the shared database keeps and for how long (docs/decisions/0032-retention.md): the main worker's cron deletes
// expired sessions, links and codes, and delivery rows past their period, and keeps every row something still needs
// (a live session, a queued e-mail, a Stripe event inside its replay window, a WhatsApp link code still usable).
import { createScheduledController } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../app/.server/db";
import { pruneSharedRows, RETENTION_RULES, selectionSql } from "../../app/.server/retention";
import { legacySessions } from "../../db/legacy-schema";
import worker from "../../workers/app";
import { appEnv, uniqueId } from "./helpers";

const db = getDb(appEnv);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function insertUser() {
  const id = uniqueId("user");
  await db.insert(schema.users).values({ id, email: `${id}@example.com`, displayName: "Kept Person" });
  return id;
}

/** One row of every kind the cron prunes, just past its period ("old") or still needed ("kept"). */
async function seed(now: number) {
  const userId = await insertUser();
  const id = (label: string) => uniqueId(label);
  const ids = {
    sessions: { old: id("s-expired"), kept: id("s-live") },
    tokens: { old: id("t-long-expired"), expiredRecently: id("t-expired-yesterday"), kept: id("t-live") },
    outbox: { oldSent: id("o-sent"), oldFailed: id("o-failed"), oldLocal: id("o-local"), queued: id("o-queued"), recent: id("o-recent") },
    stripe: { old: id("evt-old"), kept: id("evt-replayable") },
    codes: { old: id("code-expired"), kept: id("code-live") },
  };
  await db.batch([
    db.insert(legacySessions).values([
      { id: ids.sessions.old, userId, expiresAt: now - MINUTE, lastSeenAt: now - 31 * DAY, createdAt: now - 31 * DAY },
      { id: ids.sessions.kept, userId, expiresAt: now + DAY, lastSeenAt: now, createdAt: now - 40 * DAY },
    ]),
    db.insert(schema.emailTokens).values([
      { id: ids.tokens.old, userId, purpose: "verify-email", tokenHash: id("h"), expiresAt: now - 8 * DAY, usedAt: now - 9 * DAY },
      // Expired a day ago: kept, so the link still says "expired, ask for a new one" rather than "invalid".
      { id: ids.tokens.expiredRecently, userId, purpose: "reset-password", tokenHash: id("h"), expiresAt: now - DAY },
      { id: ids.tokens.kept, userId, purpose: "sign-in-link", tokenHash: id("h"), expiresAt: now + 10 * MINUTE },
    ]),
    db.insert(schema.emailOutbox).values([
      { id: ids.outbox.oldSent, toAddress: "a@example.com", subject: "Old", textBody: "", htmlBody: "", status: "sent", createdAt: now - 31 * DAY },
      { id: ids.outbox.oldFailed, toAddress: "b@example.com", subject: "Old", textBody: "", htmlBody: "", status: "failed", createdAt: now - 31 * DAY },
      { id: ids.outbox.oldLocal, toAddress: "c@example.com", subject: "Old", textBody: "x", htmlBody: "x", status: "local", createdAt: now - 31 * DAY },
      // Never sent yet: whatever its age, it is still to be delivered.
      { id: ids.outbox.queued, toAddress: "d@example.com", subject: "Waiting", textBody: "", htmlBody: "", status: "queued", createdAt: now - 31 * DAY },
      { id: ids.outbox.recent, toAddress: "e@example.com", subject: "New", textBody: "", htmlBody: "", status: "sent", createdAt: now - 29 * DAY },
    ]),
    db.insert(schema.stripeEvents).values([
      { id: ids.stripe.old, type: "invoice.paid", receivedAt: now - 31 * DAY },
      // Stripe retries for up to 3 days: a redelivery must still find it applied.
      { id: ids.stripe.kept, type: "invoice.paid", receivedAt: now - 3 * DAY },
    ]),
    db.insert(schema.whatsappLinkCodes).values([
      { code: ids.codes.old, userId, phone: "905551112233", expiresAt: now - MINUTE, createdAt: now - 20 * MINUTE },
      { code: ids.codes.kept, userId, phone: "905551112233", expiresAt: now + 10 * MINUTE, createdAt: now },
    ]),
  ]);
  return ids;
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** Which of the seeded rows are still there, by kind. */
async function remaining(ids: Seeded) {
  const { emailTokens, emailOutbox, stripeEvents, whatsappLinkCodes } = schema;
  const sessions = legacySessions;
  const all = <T extends object>(group: T) => Object.values(group) as never[];
  const sorted = (rows: { id: string | number }[]) => rows.map((row) => row.id).sort();
  return {
    sessions: sorted(
      await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.id, all(ids.sessions))),
    ),
    tokens: sorted(
      await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(inArray(emailTokens.id, all(ids.tokens))),
    ),
    outbox: sorted(
      await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, all(ids.outbox))),
    ),
    stripe: sorted(
      await db
        .select({ id: stripeEvents.id })
        .from(stripeEvents)
        .where(inArray(stripeEvents.id, all(ids.stripe))),
    ),
    codes: sorted(
      await db
        .select({ id: whatsappLinkCodes.code })
        .from(whatsappLinkCodes)
        .where(inArray(whatsappLinkCodes.code, all(ids.codes))),
    ),
  };
}

async function runCron(now: number) {
  const controller = createScheduledController({ scheduledTime: now, cron: "17 * * * *" });
  // The handler declares (controller, env) only: it awaits its work rather than leaving any to waitUntil.
  await worker.scheduled(controller, appEnv as unknown as Env);
}

describe("retention of the shared database's rows", () => {
  it("the hourly cron deletes exactly the rows past their period and keeps every row still needed", async () => {
    const now = Date.now();
    const ids = await seed(now);
    expect((await remaining(ids)).outbox).toHaveLength(5);

    await runCron(now);

    expect(await remaining(ids)).toEqual({
      sessions: [ids.sessions.kept],
      tokens: [ids.tokens.expiredRecently, ids.tokens.kept].sort(),
      outbox: [ids.outbox.queued, ids.outbox.recent].sort(),
      stripe: [ids.stripe.kept],
      codes: [ids.codes.kept],
    });
  });

  it("deletes in bounded batches: one run stops at its bound and the next run takes the rest", async () => {
    const now = Date.now();
    const userId = await insertUser();
    const codes = Array.from({ length: 7 }, () => uniqueId("code-expired"));
    await db
      .insert(schema.whatsappLinkCodes)
      .values(codes.map((code) => ({ code, userId, phone: "905551112233", expiresAt: now - DAY, createdAt: now - DAY })));
    const left = async () =>
      (await db.select({ code: schema.whatsappLinkCodes.code }).from(schema.whatsappLinkCodes).where(inArray(schema.whatsappLinkCodes.code, codes))).length;

    const first = await pruneSharedRows(appEnv, now, { batchSize: 2, maxBatches: 2 });
    expect(first.whatsapp_link_codes).toBe(4);
    expect(await left()).toBe(3);

    const second = await pruneSharedRows(appEnv, now, { batchSize: 2, maxBatches: 2 });
    expect(second.whatsapp_link_codes).toBe(3);
    expect(await left()).toBe(0);
  });

  it("every rule's selection is served by an index on its time column, never a scan of the table", async () => {
    for (const rule of RETENTION_RULES) {
      const { sql, params } = selectionSql(rule, Date.now(), 500);
      const plan = await appEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join("; ");
      expect(details, rule.table).toMatch(new RegExp(`SEARCH ${rule.table} USING (COVERING )?INDEX \\w+ \\(${rule.column}<\\?\\)`));
    }
  });
});
