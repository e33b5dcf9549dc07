// Billing without Stripe keys (the local default): the demo checkout posts Stripe-shaped events, signed with the
// local webhook secret, to the app's own /api/stripe/webhook (routed back into the worker here), so the real webhook
// code makes the user Pro; cancel and resume go the same way. Also docs/product.md §4's after-sign-in paywall and the
// development clock.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance } from "vitest";
import { clockOffset, setClockOffset } from "../../app/.server/clock";
import { schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { Client, db, localDeveloper, signedInClient } from "./auth-helpers";
import { accessLevel, routeFetch } from "./billing-helpers";
import { appEnv, productionEnv } from "./helpers";

let router: MockInstance<typeof fetch>;
beforeAll(() => {
  router = routeFetch(appEnv);
});
afterAll(() => router.mockRestore());
afterEach(() => setClockOffset(0));

async function subscriptionsOf(userId: string) {
  return db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
}

describe("demo checkout", () => {
  it("shows labelled demo prices and makes the user Pro through the signed webhook", async () => {
    const { client, user } = await signedInClient();
    const page = await client.loaderData("/payment?period=week", "routes/_main.payment");
    expect(page.data).toMatchObject({
      mode: "demo",
      options: [
        { period: "week", price: "$3.99" },
        { period: "month", price: "$9.99" },
        { period: "quarter", price: "$24.99" },
        { period: "year", price: "$49.99", saving: 75 },
      ],
      summary: { subtotal: "$3.99", tax: "$0.00", total: "$3.99", currency: "USD" },
    });
    expect(await client.action("/payment", { intent: "checkout", period: "week" })).toMatchObject({ redirect: "/payment/demo-checkout?period=week" });
    const checkout = await client.loaderData("/payment/demo-checkout?period=week", "routes/_main.payment_.demo-checkout");
    expect(checkout.data).toMatchObject({ period: "week", total: "$3.99", currency: "USD" });

    const started = Date.now();
    const paid = await client.action("/payment/demo-checkout", { period: "week" });
    expect(paid.redirect).toBe("/payment?success=1");

    // The three events went through the webhook, which recorded each once.
    const types = (await db.select().from(schema.stripeEvents)).filter((row) => row.receivedAt >= started).map((row) => row.type);
    expect(types).toEqual(expect.arrayContaining(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]));
    const [subscription] = await subscriptionsOf(user.id);
    expect(subscription).toMatchObject({ status: "active", billingPeriod: "week", priceId: "price_demo_week", cancelAtPeriodEnd: false });
    expect(subscription!.currentPeriodEnd - started).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(subscription!.currentPeriodEnd - started).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(await accessLevel(user.id)).toBe("pro");
    const customer = (await db.query.users.findFirst({ where: eq(schema.users.id, user.id), columns: { stripeCustomerId: true } }))?.stripeCustomerId;
    expect(customer).toMatch(/^cus_demo_/);

    expect((await client.loaderData("/payment?success=1", "routes/_main.payment")).data).toMatchObject({
      view: "success",
      plan: "pro",
      subscriptionId: subscription!.id,
    });
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ user: { accessLevel: "pro" }, paywallDue: false });
    expect(await (await client.get("/api/credits")).json()).toMatchObject({ plan: "pro", limit: null, remaining: null });
    expect((await client.loaderData("/payment", "routes/_main.payment")).data).toMatchObject({ active: { cancelling: false } });

    // Pro already: a second demo checkout is refused and changes nothing.
    expect(await client.action("/payment/demo-checkout", { period: "month" })).toMatchObject({
      status: 409,
      data: { error: { code: "billing/already-subscribed" } },
    });
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
  });

  it("cancels and resumes through the same webhook, and the plan ends with the period", async () => {
    const { client, user } = await signedInClient();
    await client.action("/payment/demo-checkout", { period: "month" });
    const cancelled = await client.action("/settings/my-plan", { intent: "cancel" });
    expect(cancelled).toMatchObject({ status: 200, data: { ok: true, notice: "cancelled" } });
    const [row] = await subscriptionsOf(user.id);
    expect(row?.cancelAtPeriodEnd).toBe(true);
    const updates = await db.$count(schema.stripeEvents, eq(schema.stripeEvents.type, "customer.subscription.updated"));
    expect(updates).toBeGreaterThan(0);
    expect((await client.loaderData("/settings/my-plan", "routes/_main.settings.my-plan")).data).toMatchObject({
      plan: "pro",
      subscription: { cancelling: true },
    });

    expect(await client.action("/settings/my-plan", { intent: "resume" })).toMatchObject({ data: { ok: true, notice: "resumed" } });
    expect((await subscriptionsOf(user.id))[0]?.cancelAtPeriodEnd).toBe(false);
    await client.action("/settings/my-plan", { intent: "cancel" });

    setClockOffset(row!.currentPeriodEnd + 60_000 - Date.now());
    const after = await client.loaderData("/settings/my-plan", "routes/_main.settings.my-plan");
    expect(after.data).toMatchObject({ plan: "free", subscription: null });
    expect(typeof after.data?.ended).toBe("string");
    // Nothing left to cancel.
    expect(await client.action("/settings/my-plan", { intent: "cancel" })).toMatchObject({ status: 409, data: { error: { code: "billing/no-subscription" } } });
  });

  it("reports a failed cancel when the webhook does not accept the event", async () => {
    const { client, user } = await signedInClient();
    await client.action("/payment/demo-checkout", { period: "week" });
    // The webhook cannot store the change (a failing database write), so it answers 500, as Stripe's retries expect.
    await appEnv.DB.exec("CREATE TRIGGER refuse_subscription_update BEFORE UPDATE ON subscriptions BEGIN SELECT RAISE(ABORT, 'unavailable'); END;");
    try {
      expect(await client.action("/settings/my-plan", { intent: "cancel" })).toMatchObject({ status: 502, data: { error: { code: "billing/cancel-failed" } } });
    } finally {
      await appEnv.DB.exec("DROP TRIGGER refuse_subscription_update;");
    }
    expect((await subscriptionsOf(user.id))[0]?.cancelAtPeriodEnd).toBe(false);
  });
});

describe("after-sign-in paywall", () => {
  it("is due once per Free user, records after_login_paywall_seen once, and never for Pro", async () => {
    const { client, user } = await signedInClient();
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ paywallDue: true });
    const seen = () =>
      client.fetch("/api/billing/paywall-seen", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ path: "/web-main" }),
      });
    expect(await (await seen()).json()).toEqual({ ok: true, first: true });
    expect(await (await seen()).json()).toEqual({ ok: true, first: false });
    const events = await db
      .select()
      .from(schema.analyticsEvents)
      .where(and(eq(schema.analyticsEvents.userId, user.id), eq(schema.analyticsEvents.name, "after_login_paywall_seen")));
    expect(events).toHaveLength(1);
    expect(events[0]?.path).toBe("/web-main");
    const row = await db.query.users.findFirst({ where: eq(schema.users.id, user.id), columns: { paywallSeenAt: true } });
    expect(row?.paywallSeenAt).toBeTypeOf("number");
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ paywallDue: false });

    const { client: pro } = await signedInClient({ accessLevel: "pro" });
    expect((await pro.loaderData("/web-main", "root")).data).toMatchObject({ paywallDue: false });
    const { client: off } = await signedInClient();
    expect((await off.withEnv({ ...appEnv, PAYWALL_AFTER_SIGN_IN: "false" } as AppEnv).loaderData("/web-main", "root")).data).toMatchObject({
      paywallDue: false,
    });
    // Visitors have nothing to mark.
    expect((await new Client().fetch("/api/billing/paywall-seen", { method: "POST" })).status).toBe(401);
  });
});

describe("development clock", () => {
  it("moves the billing clock for a local development run and is a 404 anywhere else", async () => {
    const client = localDeveloper();
    expect((await client.get("/dev/clock")).status).toBe(200);
    const moved = await client.fetch("/dev/clock", { method: "POST", body: new URLSearchParams({ days: "8" }) });
    expect(moved.status).toBe(302);
    expect(Math.round(clockOffset() / 86_400_000)).toBe(8);
    await client.fetch("/dev/clock", { method: "POST", body: new URLSearchParams({ intent: "reset" }) });
    expect(clockOffset()).toBe(0);

    // Production, the tests' own APP_ENV ("test"), and development reached from another address or host.
    const strangers = [
      new Client(undefined, productionEnv()),
      new Client(),
      new Client("203.0.113.9", client.env, client.origin),
      new Client("127.0.0.1", client.env),
    ];
    for (const stranger of strangers) {
      expect((await stranger.get("/dev/clock")).status, stranger.address).toBe(404);
      expect((await stranger.fetch("/dev/clock", { method: "POST", body: new URLSearchParams({ days: "8" }) })).status, stranger.address).toBe(404);
    }
    expect(clockOffset()).toBe(0);
  });
});
