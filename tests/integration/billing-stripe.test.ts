// Billing with Stripe keys, against the in-isolate fake of Stripe's REST API (tests/mocks/fake-stripe.mjs) reached through
// the real stripe library: prices read from Stripe (and cached), formatted per locale with the saving they give;
// checkout with one customer per user; the success view confirming the session; webhooks storing Stripe's current
// state; cancel, resume and the billing portal; and the demo path gone.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, type MockInstance } from "vitest";
import { schema } from "../../app/.server/db";
import { ConfigError, loadConfig, type AppEnv } from "../../app/.server/env";
import { Client, callWorker, createUser, db, ORIGIN, signedInClient } from "./auth-helpers";
import { FakeStripe } from "../mocks/fake-stripe.mjs";
import {
  accessLevel,
  deliver,
  routeFetch,
  seconds,
  STRIPE_TEST_WEBHOOK_SECRET,
  stripeEnvFor,
  stripeEvent,
  subscriptionObject,
  subscriptionRow,
} from "./billing-helpers";
import { appEnv, uniqueId, productionEnv } from "./helpers";

const DAY = 24 * 60 * 60;
const WEBHOOK_SECRET = STRIPE_TEST_WEBHOOK_SECRET;
const fake = new FakeStripe();
const stripeEnv = stripeEnvFor(fake);

let router: MockInstance<typeof fetch>;
beforeAll(() => {
  router = routeFetch(stripeEnv, fake);
});
afterAll(() => router.mockRestore());

async function stripeClient() {
  const { client, user } = await signedInClient();
  return { client: client.withEnv(stripeEnv), user };
}

const paymentData = (client: Client, path = "/payment") => client.loaderData(path, "routes/_main.payment");

describe("prices", () => {
  it("reads the four Prices from Stripe and shows them for the locale, with the yearly saving they give", async () => {
    const { client } = await stripeClient();
    const before = fake.requests.length;
    const { data } = await paymentData(client, "/payment?period=year");
    expect(data).toMatchObject({
      mode: "stripe",
      period: "year",
      options: [
        { period: "week", price: "$5.00", saving: null },
        { period: "month", price: "$15.00", saving: null },
        { period: "quarter", price: "$39.00", saving: null },
        // 99.00 a year against 5.00 x 52 = 260.00: 61.9 %, shown as 61.
        { period: "year", price: "$99.00", saving: 61 },
      ],
      summary: { subtotal: "$99.00", tax: "$0.00", total: "$99.00", currency: "USD" },
    });
    const calls = fake.requests.slice(before);
    expect(
      calls
        .filter((call) => call.method === "GET" && call.path.startsWith("/v1/prices/"))
        .map((call) => call.path)
        .sort(),
    ).toEqual(["/v1/prices/price_month", "/v1/prices/price_quarter", "/v1/prices/price_week", "/v1/prices/price_year"]);
    expect(calls.every((call) => call.stripeVersion === Stripe.API_VERSION)).toBe(true);
    const preview = calls.find((call) => call.path === "/v1/invoices/create_preview");
    expect(preview?.params).toMatchObject({ "subscription_details[items][0][price]": "price_year" });

    client.cookies.set("locale", "tr");
    const turkish = await paymentData(client, "/payment?period=week");
    const options = (turkish.data?.options as { price: string }[]).map((option) => option.price);
    expect(options).toEqual(["$5,00", "$15,00", "$39,00", "$99,00"]);
  });

  it("keeps prices read from Stripe for the cache lifetime", async () => {
    const id = uniqueId("price").replace(/-/g, "_");
    for (const [period, amount, interval, count] of [
      ["week", 300, "week", 1],
      ["month", 900, "month", 1],
      ["quarter", 2400, "month", 3],
      ["year", 4000, "year", 1],
    ] as const) {
      fake.addPrice(`${id}_${period}`, amount, interval, count);
    }
    const cachedEnv = {
      ...stripeEnv,
      STRIPE_PRICE_WEEK: `${id}_week`,
      STRIPE_PRICE_MONTH: `${id}_month`,
      STRIPE_PRICE_QUARTER: `${id}_quarter`,
      STRIPE_PRICE_YEAR: `${id}_year`,
      STRIPE_PRICE_CACHE_SECONDS: "3600",
    } as AppEnv;
    const { client } = await signedInClient();
    const cached = client.withEnv(cachedEnv);
    await paymentData(cached);
    await paymentData(cached, "/payment?period=year");
    const reads = fake.requestsTo("GET", new RegExp(`^/v1/prices/${id}_`));
    expect(reads).toHaveLength(4);
    expect((await paymentData(cached, "/payment?period=year")).data).toMatchObject({ options: [{ price: "$3.00" }, {}, {}, { price: "$40.00", saving: 74 }] });
  });
});

describe("checkout", () => {
  it("creates one Stripe customer per user and a subscription-mode Checkout Session", async () => {
    const { client, user } = await stripeClient();
    const first = await client.action("/payment", { intent: "checkout", period: "week" });
    expect(first.redirect).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const customers = fake.requests.filter((call) => call.path === "/v1/customers" && call.params["metadata[userId]"] === user.id);
    expect(customers).toHaveLength(1);
    expect(customers[0]?.idempotencyKey).toBe(`customer-${user.id}`);
    const row = await db.query.users.findFirst({ where: eq(schema.users.id, user.id), columns: { stripeCustomerId: true } });
    expect(row?.stripeCustomerId).toMatch(/^cus_fake/);

    const session = fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(session.params).toMatchObject({
      mode: "subscription",
      customer: row!.stripeCustomerId!,
      client_reference_id: user.id,
      "line_items[0][price]": "price_week",
      "line_items[0][quantity]": "1",
      "subscription_data[metadata][userId]": user.id,
      success_url: `${ORIGIN}/payment?success=1&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${ORIGIN}/payment?period=week`,
    });

    // A second checkout (another period) reuses the customer.
    const second = await client.action("/payment", { intent: "checkout", period: "year" });
    expect(second.redirect).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(fake.requests.filter((call) => call.path === "/v1/customers" && call.params["metadata[userId]"] === user.id)).toHaveLength(1);
    expect(fake.requestsTo("POST", "/v1/checkout/sessions").at(-1)?.params).toMatchObject({
      customer: row!.stripeCustomerId!,
      "line_items[0][price]": "price_year",
    });
  });

  it("confirms the session on the success view, before the webhook, and the webhook then applies once", async () => {
    const { client, user } = await stripeClient();
    const started = await client.action("/payment", { intent: "checkout", period: "month" });
    const sessionId = /\/(cs_test_[^/?#]+)/.exec(started.redirect!)![1]!;
    const periodEnd = seconds(Date.now()) + 30 * DAY;
    const subscription = fake.completeSession(sessionId, user.id, periodEnd);

    const success = await paymentData(client, `/payment?success=1&session_id=${sessionId}`);
    expect(success.data).toMatchObject({ view: "success", plan: "pro", subscriptionId: subscription.id });
    expect(await subscriptionRow(subscription.id as string)).toMatchObject({ status: "active", billingPeriod: "month", currentPeriodEnd: periodEnd * 1000 });
    expect(await accessLevel(user.id)).toBe("pro");

    // Someone else's session id shows nothing of theirs.
    const { client: other, user: otherUser } = await stripeClient();
    expect((await paymentData(other, `/payment?success=1&session_id=${sessionId}`)).data).toMatchObject({ plan: "free" });
    expect(await accessLevel(otherUser.id)).toBe("basic");

    const completed = stripeEvent(
      "checkout.session.completed",
      {
        id: sessionId,
        object: "checkout.session",
        mode: "subscription",
        client_reference_id: user.id,
        customer: subscription.customer,
        subscription: subscription.id,
        status: "complete",
      },
      seconds(Date.now()),
    );
    expect((await deliver(completed, { secret: WEBHOOK_SECRET, env: stripeEnv })).body.outcome).toBe("applied");
    expect((await deliver(completed, { secret: WEBHOOK_SECRET, env: stripeEnv })).body.outcome).toBe("duplicate");
    expect(await db.$count(schema.subscriptions, eq(schema.subscriptions.userId, user.id))).toBe(1);

    // Already Pro: a second checkout is refused.
    expect(await client.action("/payment", { intent: "checkout", period: "week" })).toMatchObject({
      status: 409,
      data: { error: { code: "billing/already-subscribed" } },
    });
  });

  it("verifies webhooks with the configured secret, not the development one", async () => {
    const { user } = await stripeClient();
    const subscription = fake.putSubscription({ customer: uniqueId("cus"), userId: user.id, priceId: "price_month", periodEnd: seconds(Date.now()) + DAY });
    const event = stripeEvent("customer.subscription.created", subscription, seconds(Date.now()));
    expect((await deliver(event, { env: stripeEnv })).status).toBe(400);
    expect((await deliver(event, { secret: WEBHOOK_SECRET, env: stripeEnv })).status).toBe(200);
  });
});

describe("webhooks with keys", () => {
  it("store Stripe's current state, whatever order the events come in", async () => {
    const { user } = await stripeClient();
    const customer = uniqueId("cus");
    await db.update(schema.users).set({ stripeCustomerId: customer }).where(eq(schema.users.id, user.id));
    const periodEnd = seconds(Date.now()) + 30 * DAY;
    const live = fake.putSubscription({ customer, userId: user.id, priceId: "price_month", periodEnd });
    // Stripe has already canceled it; the "active" creation event is delivered late.
    live.status = "canceled";
    const stale = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({ id: live.id as string, customer, userId: user.id, priceId: "price_month", periodEnd }),
      seconds(Date.now()) - 300,
    );
    expect((await deliver(stale, { secret: WEBHOOK_SECRET, env: stripeEnv })).body.outcome).toBe("applied");
    expect((await subscriptionRow(live.id as string))?.status).toBe("canceled");
    expect(await accessLevel(user.id)).toBe("basic");
    expect(fake.requestsTo("GET", `/v1/subscriptions/${live.id}`).length).toBeGreaterThan(0);
  });
});

describe("my plan", () => {
  async function proClient() {
    const { client, user } = await stripeClient();
    const started = await client.action("/payment", { intent: "checkout", period: "quarter" });
    const sessionId = /\/(cs_test_[^/?#]+)/.exec(started.redirect!)![1]!;
    const subscription = fake.completeSession(sessionId, user.id, seconds(Date.now()) + 90 * DAY);
    await paymentData(client, `/payment?success=1&session_id=${sessionId}`);
    return { client, user, subscriptionId: subscription.id as string };
  }

  it("cancels at the period end through Stripe, keeps Pro, and resumes", async () => {
    const { client, user, subscriptionId } = await proClient();
    const cancelled = await client.action("/settings/my-plan", { intent: "cancel" });
    expect(cancelled).toMatchObject({ status: 200, data: { ok: true, notice: "cancelled" } });
    expect(fake.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toEqual({ cancel_at_period_end: "true" });
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect(await accessLevel(user.id)).toBe("pro");
    const plan = await client.loaderData("/settings/my-plan", "routes/_main.settings.my-plan");
    expect(plan.data).toMatchObject({ plan: "pro", portal: true, subscription: { period: "quarter", cancelling: true } });

    const resumed = await client.action("/settings/my-plan", { intent: "resume" });
    expect(resumed).toMatchObject({ status: 200, data: { ok: true, notice: "resumed" } });
    expect(fake.requestsTo("POST", `/v1/subscriptions/${subscriptionId}`).at(-1)?.params).toEqual({ cancel_at_period_end: "false" });
    expect((await subscriptionRow(subscriptionId))?.cancelAtPeriodEnd).toBe(false);
  });

  it("says the cancel failed, and changes nothing, when Stripe does not accept it", async () => {
    const { client, subscriptionId } = await proClient();
    // The stripe client retries a 500 once; both attempts fail.
    fake.failures.set(`/v1/subscriptions/${subscriptionId}`, { status: 500, times: 2 });
    expect(await client.action("/settings/my-plan", { intent: "cancel" })).toMatchObject({
      status: 502,
      data: { ok: false, error: { code: "billing/cancel-failed" } },
    });
    expect((await subscriptionRow(subscriptionId))?.cancelAtPeriodEnd).toBe(false);
  });

  it("opens Stripe's billing portal for the user's customer", async () => {
    const { client, user } = await proClient();
    const portal = await client.action("/settings/my-plan", { intent: "portal" });
    expect(portal.redirect).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const customer = (await db.query.users.findFirst({ where: eq(schema.users.id, user.id), columns: { stripeCustomerId: true } }))?.stripeCustomerId;
    expect(fake.requestsTo("POST", "/v1/billing_portal/sessions").at(-1)?.params).toMatchObject({
      customer,
      return_url: `${ORIGIN}/settings/my-plan`,
      locale: "en",
    });
  });
});

describe("configuration", () => {
  it("has no demo checkout when Stripe keys are set", async () => {
    const { client } = await stripeClient();
    expect((await client.get("/payment/demo-checkout?period=week")).status).toBe(404);
    expect((await client.fetch("/payment/demo-checkout.data", { method: "POST", body: new URLSearchParams({ period: "week" }) })).status).toBe(404);
  });

  it("needs the webhook secret and all four prices with a secret key", () => {
    expect(() => loadConfig({ ...appEnv, STRIPE_SECRET_KEY: "sk_test_only_the_key" })).toThrowError(ConfigError);
    expect(() => loadConfig({ ...appEnv, STRIPE_SECRET_KEY: "sk_test_only_the_key" })).toThrowError(
      /STRIPE_WEBHOOK_SECRET is required[\s\S]*STRIPE_PRICE_YEAR is required/,
    );
    expect(loadConfig({ ...stripeEnv }).billing.mode).toBe("stripe");
  });

  it("turns payments off in production without keys: no demo checkout, no webhook", async () => {
    const production = productionEnv();
    expect(loadConfig(production).billing).toMatchObject({ mode: "off", webhookSecret: null });
    const webhook = await callWorker(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", body: "{}" }), production);
    expect(webhook.status).toBe(404);
    const user = await createUser();
    const client = new Client(undefined, production);
    await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
    expect((await client.get("/payment/demo-checkout?period=week")).status).toBe(404);
    expect((await paymentData(client)).data).toMatchObject({ mode: "off" });
    expect(await client.action("/payment", { intent: "checkout", period: "week" })).toMatchObject({
      status: 503,
      data: { error: { code: "billing/not-configured" } },
    });
  });
});
