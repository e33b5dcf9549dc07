// The Stripe webhook (decision 0007): events signed by the stripe library's own test-header helper, delivered to
// the real worker. A bad or stale signature is refused with 400 and changes nothing; one event delivered five times
// changes state once; subscription.deleted before subscription.updated ends in the right state; a failed payment is
// handled as Stripe documents (access kept while Stripe retries, ended when it gives up or the subscription is unpaid
// or canceled). The server runs in demo mode here (no keys), so the handler uses each event's own object.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import { setClockOffset } from "../../app/.server/clock";
import { Client, createUser, db } from "./auth-helpers";
import {
  accessLevel,
  deliver,
  eventRows,
  invoiceObject,
  linkCustomer,
  postWebhook,
  seconds,
  signature,
  stripeEvent,
  subscriptionObject,
  subscriptionRow,
} from "./billing-helpers";
import { uniqueId } from "./helpers";

const DAY = 24 * 60 * 60;

afterEach(() => setClockOffset(0));

/** A user with a Stripe customer, and an active monthly subscription event for them (not delivered yet). */
async function customerWithSubscription(options: { periodEnd?: number } = {}) {
  const user = await createUser();
  const customer = await linkCustomer(user.id);
  const subscriptionId = uniqueId("sub");
  const periodEnd = options.periodEnd ?? seconds(Date.now()) + 30 * DAY;
  const object = (overrides: Partial<Parameters<typeof subscriptionObject>[0]> = {}) =>
    subscriptionObject({ id: subscriptionId, customer, userId: user.id, periodEnd, ...overrides });
  return { user, customer, subscriptionId, periodEnd, object };
}

async function subscriptionCount(userId: string) {
  return db.$count(schema.subscriptions, eq(schema.subscriptions.userId, userId));
}

describe("signature", () => {
  it("refuses a bad, stale, missing or tampered signature with 400 and changes nothing", async () => {
    const { user, subscriptionId, object } = await customerWithSubscription();
    const event = stripeEvent("customer.subscription.created", object(), seconds(Date.now()));
    const payload = JSON.stringify(event, null, 2);

    const refusals = [
      await postWebhook(payload, await signature(payload, { secret: "whsec_someone_else_entirely_0123456789" })),
      // Older than Stripe's 300 s tolerance: a replayed delivery.
      await postWebhook(payload, await signature(payload, { timestamp: seconds(Date.now()) - 301 })),
      await postWebhook(payload, null),
      await postWebhook(payload, "t=123,v1=not-a-signature"),
      // Signed, then changed on the way: the signature covers the exact bytes.
      await postWebhook(payload.replace('"active"', '"trialing"'), await signature(payload)),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, error: { code: "request/invalid" } });
    }
    expect(await eventRows(event.id)).toBe(0);
    expect(await subscriptionRow(subscriptionId)).toBeUndefined();
    expect(await accessLevel(user.id)).toBe("basic");

    // The same event, signed properly and within the tolerance, is applied.
    const accepted = await deliver(event, { timestamp: seconds(Date.now()) - 200 });
    expect(accepted).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    expect(await eventRows(event.id)).toBe(1);
    expect(await accessLevel(user.id)).toBe("pro");
  });

  it("needs no cookie or Origin: Stripe's servers send neither (the cross-site check exempts the webhook)", async () => {
    const { subscriptionId, object } = await customerWithSubscription();
    const event = stripeEvent("customer.subscription.created", object(), seconds(Date.now()));
    expect((await deliver(event)).status).toBe(200);
    expect((await subscriptionRow(subscriptionId))?.status).toBe("active");
  });
});

describe("idempotency", () => {
  it("applies an event delivered five times once, also when the copies arrive together", async () => {
    const { user, subscriptionId, object } = await customerWithSubscription();
    const created = stripeEvent("customer.subscription.created", object(), seconds(Date.now()) - 60);
    const first = await deliver(created);
    expect(first.body.outcome).toBe("applied");
    const stored = await subscriptionRow(subscriptionId);

    const copies = await Promise.all([deliver(created), deliver(created), deliver(created), deliver(created)]);
    expect(copies.map((copy) => copy.status)).toEqual([200, 200, 200, 200]);
    expect(copies.map((copy) => copy.body.outcome)).toEqual(["duplicate", "duplicate", "duplicate", "duplicate"]);
    expect(await eventRows(created.id)).toBe(1);
    expect(await subscriptionCount(user.id)).toBe(1);
    expect(await subscriptionRow(subscriptionId)).toEqual(stored);

    // A later change, then the old event again: the old copy does not undo it.
    const cancelled = stripeEvent("customer.subscription.updated", object({ cancelAtPeriodEnd: true }), seconds(Date.now()));
    expect((await deliver(cancelled)).body.outcome).toBe("applied");
    expect((await deliver(created)).body.outcome).toBe("duplicate");
    expect((await subscriptionRow(subscriptionId))?.cancelAtPeriodEnd).toBe(true);
    expect(await accessLevel(user.id)).toBe("pro");
  });

  it("delivers five identical copies of a first event at once and keeps exactly one of them", async () => {
    const { user, subscriptionId, object } = await customerWithSubscription();
    const created = stripeEvent("customer.subscription.created", object(), seconds(Date.now()));
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(created)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.outcome === "applied")).toHaveLength(1);
    expect(await eventRows(created.id)).toBe(1);
    expect(await subscriptionCount(user.id)).toBe(1);
    expect((await subscriptionRow(subscriptionId))?.status).toBe("active");
  });
});

describe("order", () => {
  it("ends canceled when subscription.deleted arrives before an earlier subscription.updated", async () => {
    const { user, subscriptionId, object } = await customerWithSubscription();
    const t0 = seconds(Date.now()) - 120;
    await deliver(stripeEvent("customer.subscription.created", object(), t0));
    const updated = stripeEvent("customer.subscription.updated", object({ cancelAtPeriodEnd: true }), t0 + 10);
    const deleted = stripeEvent("customer.subscription.deleted", object({ status: "canceled", cancelAtPeriodEnd: true }), t0 + 20);

    expect((await deliver(deleted)).body.outcome).toBe("applied");
    expect(await accessLevel(user.id)).toBe("basic");
    // The older update comes last: it is recorded but changes nothing.
    expect((await deliver(updated)).status).toBe(200);
    const row = await subscriptionRow(subscriptionId);
    expect(row?.status).toBe("canceled");
    expect(row?.stripeEventAt).toBe((t0 + 20) * 1000);
    expect(await accessLevel(user.id)).toBe("basic");
    expect(await eventRows(updated.id)).toBe(1);
  });

  it("keeps a canceled subscription canceled even against an update with the same timestamp", async () => {
    const { user, subscriptionId, object } = await customerWithSubscription();
    const t = seconds(Date.now());
    await deliver(stripeEvent("customer.subscription.deleted", object({ status: "canceled" }), t));
    await deliver(stripeEvent("customer.subscription.updated", object({ status: "active" }), t));
    expect((await subscriptionRow(subscriptionId))?.status).toBe("canceled");
    expect(await accessLevel(user.id)).toBe("basic");
  });

  it("takes the newest state when an update arrives before the creation it follows", async () => {
    const { user, subscriptionId, object } = await customerWithSubscription();
    const t0 = seconds(Date.now()) - 60;
    await deliver(stripeEvent("customer.subscription.updated", object({ cancelAtPeriodEnd: true }), t0 + 5));
    await deliver(stripeEvent("customer.subscription.created", object(), t0));
    expect((await subscriptionRow(subscriptionId))?.cancelAtPeriodEnd).toBe(true);
    expect(await accessLevel(user.id)).toBe("pro");
  });
});

describe("failed payments", () => {
  it("keeps Pro while Stripe retries, ends it when Stripe gives up, and restores it when an invoice is paid", async () => {
    const { user, customer, subscriptionId, object } = await customerWithSubscription();
    const { client } = await signedInAs(user);
    let t = seconds(Date.now()) - 600;
    await deliver(stripeEvent("customer.subscription.created", object(), (t += 1)));
    expect(await accessLevel(user.id)).toBe("pro");

    // The renewal charge fails: Stripe marks the subscription past_due and schedules a retry.
    const retryAt = seconds(Date.now()) + 3 * DAY;
    await deliver(stripeEvent("customer.subscription.updated", object({ status: "past_due" }), (t += 1)));
    const firstFailure = stripeEvent(
      "invoice.payment_failed",
      invoiceObject({ subscription: subscriptionId, customer, status: "open", nextPaymentAttempt: retryAt, attemptCount: 1 }),
      (t += 1),
    );
    await deliver(firstFailure);
    let row = await subscriptionRow(subscriptionId);
    expect(row).toMatchObject({ status: "past_due", nextPaymentAttemptAt: retryAt * 1000 });
    expect(row?.paymentFailedAt).toBe(t * 1000);
    expect(await accessLevel(user.id)).toBe("pro");
    const plan = await client.loaderData("/settings/my-plan", "routes/_main.settings.my-plan");
    expect(plan.data).toMatchObject({ plan: "pro", subscription: { status: "past_due", paymentIssue: { final: false } } });

    // The last retry fails too, and Stripe says it will not try again: access ends.
    await deliver(
      stripeEvent(
        "invoice.payment_failed",
        invoiceObject({ subscription: subscriptionId, customer, status: "open", nextPaymentAttempt: null, attemptCount: 4 }),
        (t += 1),
      ),
    );
    expect(await accessLevel(user.id)).toBe("basic");
    expect((await client.loaderData("/settings/my-plan", "routes/_main.settings.my-plan")).data).toMatchObject({ plan: "free", subscription: null });

    // The customer updates the card and the invoice is paid: Pro again. A late copy of the first failure changes nothing.
    await deliver(
      stripeEvent(
        "invoice.paid",
        invoiceObject({ subscription: subscriptionId, customer, status: "paid", nextPaymentAttempt: null, attemptCount: 5 }),
        (t += 1),
      ),
    );
    await deliver(stripeEvent("customer.subscription.updated", object({ status: "active" }), (t += 1)));
    expect(await accessLevel(user.id)).toBe("pro");
    const lateFailure = { ...firstFailure, id: uniqueId("evt") };
    await deliver(lateFailure);
    row = await subscriptionRow(subscriptionId);
    expect(row).toMatchObject({ status: "active", paymentFailedAt: null, nextPaymentAttemptAt: null });
    expect(await accessLevel(user.id)).toBe("pro");
  });

  it("ends Pro when the subscription becomes unpaid or is canceled after the retries", async () => {
    for (const [type, status] of [
      ["customer.subscription.updated", "unpaid"],
      ["customer.subscription.deleted", "canceled"],
    ] as const) {
      const { user, customer, subscriptionId, object } = await customerWithSubscription();
      let t = seconds(Date.now()) - 60;
      await deliver(stripeEvent("customer.subscription.created", object(), (t += 1)));
      await deliver(stripeEvent("customer.subscription.updated", object({ status: "past_due" }), (t += 1)));
      await deliver(
        stripeEvent(
          "invoice.payment_failed",
          invoiceObject({ subscription: subscriptionId, customer, status: "open", nextPaymentAttempt: t + DAY, attemptCount: 1 }),
          (t += 1),
        ),
      );
      expect(await accessLevel(user.id)).toBe("pro");
      await deliver(stripeEvent(type, object({ status }), (t += 1)));
      expect((await subscriptionRow(subscriptionId))?.status).toBe(status);
      expect(await accessLevel(user.id)).toBe("basic");
    }
  });
});

describe("the paid period", () => {
  it("keeps a cancelled subscription Pro until its period ends, then the user is Free again", async () => {
    const periodEnd = seconds(Date.now()) + 7 * DAY;
    const { user, subscriptionId, object } = await customerWithSubscription({ periodEnd });
    const { client } = await signedInAs(user);
    await deliver(stripeEvent("customer.subscription.created", object(), seconds(Date.now()) - 10));
    await deliver(stripeEvent("customer.subscription.updated", object({ cancelAtPeriodEnd: true }), seconds(Date.now())));
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ user: { accessLevel: "pro" } });
    // Cancelled: deleting the account is no longer blocked (docs/product.md §5 "cancel first").
    expect((await client.loaderData("/settings/account", "routes/_main.settings.account")).data).toMatchObject({ proActive: false });

    setClockOffset((periodEnd + 60) * 1000 - Date.now());
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ user: { accessLevel: "basic" } });
    const credits = await client.get("/api/credits");
    expect(await credits.json()).toMatchObject({ plan: "free", limit: 20 });
    // The plan ended with the period, read from the profile in the account's object without a D1 write (decision
    // 0039); the mirror in users.access_level follows at the next event or plan look-up, and the row still says what
    // Stripe said.
    expect((await subscriptionRow(subscriptionId))?.status).toBe("active");
  });

  it("gives a renewing subscription a day's grace for the renewal event, then ends it", async () => {
    const periodEnd = seconds(Date.now()) + DAY;
    const { user, object } = await customerWithSubscription({ periodEnd });
    const { client } = await signedInAs(user);
    await deliver(stripeEvent("customer.subscription.created", object(), seconds(Date.now())));
    setClockOffset((periodEnd + 3600) * 1000 - Date.now());
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ user: { accessLevel: "pro" } });
    expect((await client.loaderData("/settings/account", "routes/_main.settings.account")).data).toMatchObject({ proActive: true });
    setClockOffset((periodEnd + DAY + 60) * 1000 - Date.now());
    expect((await client.loaderData("/web-main", "root")).data).toMatchObject({ user: { accessLevel: "basic" } });
    expect((await client.loaderData("/settings/account", "routes/_main.settings.account")).data).toMatchObject({ proActive: false });
  });
});

describe("ownership", () => {
  it("records an event for an unknown customer without changing anyone", async () => {
    const event = stripeEvent(
      "customer.subscription.created",
      subscriptionObject({ id: uniqueId("sub"), customer: uniqueId("cus"), periodEnd: seconds(Date.now()) + DAY }),
      seconds(Date.now()),
    );
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: "ignored" } });
    expect(await eventRows(event.id)).toBe(1);
    expect(await subscriptionRow((event.data.object as { id: string }).id)).toBeUndefined();
  });

  it("never moves a subscription to a user whose customer id differs from the event's", async () => {
    const owner = await customerWithSubscription();
    await deliver(stripeEvent("customer.subscription.created", owner.object(), seconds(Date.now())));
    const intruder = await createUser();
    await linkCustomer(intruder.id);
    // Metadata naming the intruder cannot take the subscription: the customer decides.
    await deliver(stripeEvent("customer.subscription.updated", { ...owner.object(), metadata: { userId: intruder.id } }, seconds(Date.now()) + 1));
    expect((await subscriptionRow(owner.subscriptionId))?.userId).toBe(owner.user.id);
    expect(await accessLevel(intruder.id)).toBe("basic");
  });
});

/** Signs in as an existing account (createUser's password). */
async function signedInAs(user: { email: string; password: string }) {
  const client = new Client();
  const result = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
  if (!result.redirect) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { client };
}
