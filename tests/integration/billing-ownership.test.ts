// Only this product's Prices grant Pro, and only Checkout Sessions this app created name a user (decision 0007).
// Another product, or anyone else with access to the same Stripe account, can make subscriptions and Checkout
// Sessions whose client_reference_id or metadata names one of our users: those events are answered 200 (so Stripe does
// not retry them), recorded as seen, and change nobody. Signed events go to the real worker, with Stripe keys against
// the in-isolate fake (tests/mocks/fake-stripe.mjs) and, for the demo's event-object path, without keys.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, type MockInstance } from "vitest";
import { schema } from "../../app/.server/db";
import { createUser, db, signedInClient } from "./auth-helpers";
import { FakeStripe } from "../mocks/fake-stripe.mjs";
import {
  accessLevel,
  deliver,
  eventRows,
  invoiceObject,
  linkCustomer,
  routeFetch,
  seconds,
  STRIPE_TEST_WEBHOOK_SECRET,
  stripeEnvFor,
  stripeEvent,
  subscriptionObject,
  subscriptionRow,
} from "./billing-helpers";
import { uniqueId } from "./helpers";

const DAY = 24 * 60 * 60;
const fake = new FakeStripe();
const stripeEnv = stripeEnvFor(fake);
// A Price of another product on the same Stripe account, shaped like ours (monthly).
fake.addPrice("price_other_product_month", 700, "month");

let router: MockInstance<typeof fetch>;
beforeAll(() => {
  router = routeFetch(stripeEnv, fake);
});
afterAll(() => router.mockRestore());

const withKeys = { secret: STRIPE_TEST_WEBHOOK_SECRET, env: stripeEnv };

async function subscriptionsOf(userId: string) {
  return db.$count(schema.subscriptions, eq(schema.subscriptions.userId, userId));
}

async function customerOf(userId: string) {
  return (await db.query.users.findFirst({ where: eq(schema.users.id, userId), columns: { stripeCustomerId: true } }))?.stripeCustomerId ?? null;
}

/** A Checkout Session someone else makes on the same Stripe account (straight at Stripe, not through this app). */
async function sessionMadeElsewhere(params: Record<string, string>) {
  const response = await fake.handle(
    new Request(`${fake.apiBase}/v1/checkout/sessions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${fake.secretKey}` },
      body: new URLSearchParams({ mode: "subscription", success_url: "https://elsewhere.example/done", ...params }),
    }),
  );
  return (await response.json()) as { id: string };
}

describe("another product's Price", () => {
  it("never gives Pro with Stripe keys: the subscription and its paid invoice are answered 200 and change nothing", async () => {
    const user = await createUser();
    const customer = await linkCustomer(user.id);
    const subscription = fake.putSubscription({ customer, userId: user.id, priceId: "price_other_product_month", periodEnd: seconds(Date.now()) + 30 * DAY });
    const id = subscription.id as string;

    const created = stripeEvent("customer.subscription.created", subscription, seconds(Date.now()));
    expect(await deliver(created, withKeys)).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    const paid = stripeEvent(
      "invoice.paid",
      invoiceObject({ subscription: id, customer, status: "paid", nextPaymentAttempt: null, attemptCount: 1 }),
      seconds(Date.now()),
    );
    expect((await deliver(paid, withKeys)).status).toBe(200);
    expect(await eventRows(created.id)).toBe(1);
    expect(await subscriptionRow(id)).toBeUndefined();
    expect(await accessLevel(user.id)).toBe("basic");
  });

  it("never gives Pro in the demo either, however much its interval looks like one of ours", async () => {
    const user = await createUser();
    const customer = await linkCustomer(user.id);
    const object = subscriptionObject({
      id: uniqueId("sub"),
      customer,
      userId: user.id,
      priceId: "price_other_product_month",
      periodEnd: seconds(Date.now()) + 30 * DAY,
    });
    expect(await deliver(stripeEvent("customer.subscription.created", object, seconds(Date.now())))).toEqual({
      status: 200,
      body: { received: true, outcome: "ignored" },
    });
    expect(await subscriptionRow(object.id as string)).toBeUndefined();
    expect(await accessLevel(user.id)).toBe("basic");
  });
});

describe("a Checkout Session this app did not create", () => {
  it("naming another user (client_reference_id, metadata) neither grants nor touches that user", async () => {
    const { client: victimClient, user: victim } = await signedInClient();
    const victimClientWithKeys = victimClient.withEnv(stripeEnv);
    const session = await sessionMadeElsewhere({
      customer: "cus_someone_else",
      client_reference_id: victim.id,
      "line_items[0][price]": "price_month",
      "line_items[0][quantity]": "1",
      "subscription_data[metadata][userId]": victim.id,
      "metadata[userId]": victim.id,
    });
    // Paid for by whoever made it: a subscription to one of our own Prices, its metadata naming the victim.
    const subscription = fake.completeSession(session.id, victim.id, seconds(Date.now()) + 30 * DAY);
    const completed = stripeEvent("checkout.session.completed", { ...fake.sessions.get(session.id)!, object: "checkout.session" }, seconds(Date.now()));
    const created = stripeEvent("customer.subscription.created", subscription, seconds(Date.now()));

    for (const event of [completed, created]) {
      expect(await deliver(event, withKeys), event.type).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    }
    // A link to the success view with that session id, opened by the victim, does nothing either.
    const success = await victimClientWithKeys.loaderData(`/payment?success=1&session_id=${session.id}`, "routes/_main.payment");
    expect(success.data).toMatchObject({ view: "success", plan: "free" });

    expect(await accessLevel(victim.id)).toBe("basic");
    expect(await customerOf(victim.id)).toBeNull();
    expect(await subscriptionsOf(victim.id)).toBe(0);
  });

  it("while the app's own session for the same user still gives Pro from the webhook alone", async () => {
    const { client, user } = await signedInClient();
    const started = await client.withEnv(stripeEnv).action("/payment", { intent: "checkout", period: "month" });
    const sessionId = /\/(cs_test_[^/?#]+)/.exec(started.redirect!)![1]!;
    const subscription = fake.completeSession(sessionId, user.id, seconds(Date.now()) + 30 * DAY);
    const completed = stripeEvent("checkout.session.completed", { ...fake.sessions.get(sessionId)!, object: "checkout.session" }, seconds(Date.now()));
    expect(await deliver(completed, withKeys)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    expect(await deliver(stripeEvent("customer.subscription.created", subscription, seconds(Date.now())), withKeys)).toMatchObject({
      body: { outcome: "applied" },
    });
    expect(await subscriptionRow(subscription.id as string)).toMatchObject({ userId: user.id, status: "active", billingPeriod: "month" });
    expect(await accessLevel(user.id)).toBe("pro");
  });
});
