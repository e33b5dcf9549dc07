// The Pro rule of app/.server/billing/plan.ts exists twice: in TypeScript for pages and as SQL inside the webhook's
// D1 transaction. Both must give the same answer for every kind of subscription, at every moment that matters.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import { accessEndsAt, givesPro, RENEWAL_GRACE_MS, renewsPro } from "../../app/.server/billing/plan";
import { accessLevelStatement } from "../../app/.server/billing/subscriptions";
import { db } from "./auth-helpers";
import { uniqueId } from "./helpers";

const NOW = Date.UTC(2027, 2, 1, 12);
const HOUR = 3_600_000;

const STATUSES = ["active", "trialing", "past_due", "unpaid", "canceled", "incomplete", "incomplete_expired", "paused"];
const PAYMENTS = [
  { paymentFailedAt: null, nextPaymentAttemptAt: null },
  { paymentFailedAt: NOW - HOUR, nextPaymentAttemptAt: NOW + 24 * HOUR },
  { paymentFailedAt: NOW - HOUR, nextPaymentAttemptAt: null },
];
const PERIOD_ENDS = [NOW - RENEWAL_GRACE_MS - HOUR, NOW - HOUR, NOW + HOUR];

describe("Pro rule", () => {
  it("agrees between TypeScript and SQL for every status, payment state, period end and cancel flag", async () => {
    const cases = STATUSES.flatMap((status) =>
      PAYMENTS.flatMap((payment) =>
        PERIOD_ENDS.flatMap((currentPeriodEnd) => [false, true].map((cancelAtPeriodEnd) => ({ status, currentPeriodEnd, cancelAtPeriodEnd, ...payment }))),
      ),
    );
    const ids = cases.map(() => crypto.randomUUID());
    const tag = uniqueId("plan-rule");
    type Batch = Parameters<typeof db.batch>[0];
    await db.batch([
      ...ids.map((id) => db.insert(schema.users).values({ id, email: `${id}@example.com`, displayName: tag, emailVerified: true })),
      ...cases.map((subscription, index) =>
        db.insert(schema.subscriptions).values({
          id: uniqueId("sub"),
          userId: ids[index]!,
          priceId: "price_demo_month",
          billingPeriod: "month",
          stripeEventAt: NOW,
          ...subscription,
        }),
      ),
    ] as unknown as Batch);
    await db.batch(ids.map((id) => accessLevelStatement(db, id, NOW)) as unknown as Batch);
    const rows = await db.select({ id: schema.users.id, level: schema.users.accessLevel }).from(schema.users).where(eq(schema.users.displayName, tag));
    const levels = new Map(rows.map((row) => [row.id, row.level]));
    let pro = 0;
    cases.forEach((subscription, index) => {
      const expected = givesPro(subscription, NOW);
      if (expected) pro += 1;
      expect({ subscription, level: levels.get(ids[index]!) }).toEqual({ subscription, level: expected ? "pro" : "basic" });
    });
    // Not vacuous: both answers occur.
    expect(pro).toBeGreaterThan(0);
    expect(pro).toBeLessThan(cases.length);
  });

  it("gives Pro to a cancelled subscription until its period end and no longer; a renewing one gets the grace", () => {
    const base = { status: "active", paymentFailedAt: null, nextPaymentAttemptAt: null, currentPeriodEnd: NOW };
    expect(givesPro({ ...base, cancelAtPeriodEnd: true }, NOW - 1)).toBe(true);
    expect(givesPro({ ...base, cancelAtPeriodEnd: true }, NOW)).toBe(false);
    expect(accessEndsAt({ ...base, cancelAtPeriodEnd: false })).toBe(NOW + RENEWAL_GRACE_MS);
    expect(renewsPro({ ...base, cancelAtPeriodEnd: false }, NOW + RENEWAL_GRACE_MS - 1)).toBe(true);
    expect(renewsPro({ ...base, cancelAtPeriodEnd: true }, NOW - 1)).toBe(false);
  });
});
