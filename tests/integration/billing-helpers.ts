// Shared by the billing integration tests: Stripe-shaped events signed by the stripe library's own test-header
// helper and delivered to the real worker's /api/stripe/webhook, a fetch router that sends the app's requests to its
// own origin back into the worker (the demo checkout posts to itself) and Stripe API calls to the in-isolate fake,
// and readers for the rows billing leaves behind.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { vi } from "vitest";
import { DEV_STRIPE_WEBHOOK_SECRET, type AppEnv } from "../../app/.server/env";
import { schema } from "../../app/.server/db";
import { callWorker, db, ORIGIN } from "./auth-helpers";
import type { FakeStripe } from "../mocks/fake-stripe.mjs";
import { appEnv, uniqueId } from "./helpers";

export { DEV_STRIPE_WEBHOOK_SECRET };
const crypto = Stripe.createSubtleCryptoProvider();
const DAY = 24 * 60 * 60;

export const seconds = (ms: number) => Math.floor(ms / 1000);

export interface TestEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

export function stripeEvent(type: string, object: Record<string, unknown>, created: number): TestEvent {
  return {
    id: uniqueId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** A Stripe Subscription object (API version 2025-03-31 and later: the period is on the item). */
export function subscriptionObject(input: {
  id: string;
  customer: string;
  userId?: string;
  status?: string;
  priceId?: string;
  interval?: "week" | "month" | "year";
  intervalCount?: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
}): Record<string, unknown> {
  const periodEnd = input.periodEnd;
  return {
    id: input.id,
    object: "subscription",
    cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    canceled_at: null,
    collection_method: "charge_automatically",
    created: periodEnd - 30 * DAY,
    currency: "usd",
    customer: input.customer,
    items: {
      object: "list",
      data: [
        {
          id: `si_${input.id}`,
          object: "subscription_item",
          current_period_start: periodEnd - 30 * DAY,
          current_period_end: periodEnd,
          price: {
            id: input.priceId ?? "price_demo_month",
            object: "price",
            currency: "usd",
            unit_amount: 999,
            recurring: { interval: input.interval ?? "month", interval_count: input.intervalCount ?? 1, usage_type: "licensed" },
            type: "recurring",
          },
          quantity: 1,
          subscription: input.id,
        },
      ],
      has_more: false,
      total_count: 1,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.userId ? { userId: input.userId } : {},
    status: input.status ?? "active",
  };
}

export function invoiceObject(input: {
  subscription: string;
  customer: string;
  status: "paid" | "open";
  nextPaymentAttempt: number | null;
  attemptCount: number;
}) {
  return {
    id: uniqueId("in"),
    object: "invoice",
    amount_due: 999,
    amount_paid: input.status === "paid" ? 999 : 0,
    attempt_count: input.attemptCount,
    attempted: true,
    billing_reason: "subscription_cycle",
    currency: "usd",
    customer: input.customer,
    next_payment_attempt: input.nextPaymentAttempt,
    parent: { quote_details: null, subscription_details: { metadata: {}, subscription: input.subscription }, type: "subscription_details" },
    status: input.status,
    total: 999,
  };
}

/** Signs a payload as Stripe does, with the stripe library's own helper. */
export async function signature(payload: string, options: { secret?: string; timestamp?: number } = {}): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? DEV_STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? seconds(Date.now()),
    cryptoProvider: crypto,
  });
}

/** POSTs a raw body with a Stripe-Signature header to the webhook, as Stripe's servers do (no cookie, no Origin). */
export async function postWebhook(payload: string, header: string | null, env: AppEnv = appEnv): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" });
  if (header !== null) headers.set("Stripe-Signature", header);
  return callWorker(new Request(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers, body: payload }), env);
}

/** Signs and delivers one event; returns the status and the webhook's JSON answer. */
export async function deliver(event: TestEvent, options: { secret?: string; timestamp?: number; env?: AppEnv } = {}) {
  const payload = JSON.stringify(event, null, 2);
  const response = await postWebhook(payload, await signature(payload, options), options.env);
  return { status: response.status, body: (await response.json()) as { received?: boolean; outcome?: string; error?: string } };
}

export async function subscriptionRow(id: string) {
  return db.query.subscriptions.findFirst({ where: eq(schema.subscriptions.id, id) });
}

export async function accessLevel(userId: string) {
  return (await db.query.users.findFirst({ where: eq(schema.users.id, userId), columns: { accessLevel: true } }))?.accessLevel;
}

export async function eventRows(id: string) {
  return db.$count(schema.stripeEvents, eq(schema.stripeEvents.id, id));
}

/** A new user with a Stripe customer id linked, as after their first checkout. */
export async function linkCustomer(userId: string, customerId = uniqueId("cus")) {
  await db.update(schema.users).set({ stripeCustomerId: customerId }).where(eq(schema.users.id, userId));
  return customerId;
}

export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_integration_stripe_tests_0123456789";

/**
 * The app's env with Stripe keys, pointed at `fake`, whose four Prices `<prefix>_week` .. `<prefix>_year` it adds
 * (5.00 a week, 15.00 a month, 39.00 a quarter, 99.00 a year). `vars` overrides any variable.
 */
export function stripeEnvFor(fake: FakeStripe, prefix = "price", vars: Record<string, string> = {}): AppEnv {
  fake.addPrice(`${prefix}_week`, 500, "week");
  fake.addPrice(`${prefix}_month`, 1500, "month");
  fake.addPrice(`${prefix}_quarter`, 3900, "month", 3);
  fake.addPrice(`${prefix}_year`, 9900, "year");
  return {
    ...appEnv,
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_PRICE_WEEK: `${prefix}_week`,
    STRIPE_PRICE_MONTH: `${prefix}_month`,
    STRIPE_PRICE_QUARTER: `${prefix}_quarter`,
    STRIPE_PRICE_YEAR: `${prefix}_year`,
    STRIPE_API_BASE: fake.apiBase,
    STRIPE_PRICE_CACHE_SECONDS: "0",
    ...vars,
  } as AppEnv;
}

/**
 * Routes the worker's outbound fetches: the app's own origin goes back into the worker (with `env`), the fake Stripe
 * host to the fake; anything else would be the internet, which tests never reach.
 */
export function routeFetch(env: AppEnv, fake?: FakeStripe) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (url.origin === ORIGIN) return callWorker(request, env);
    if (fake && url.host === fake.host) return fake.handle(request);
    throw new Error(`unexpected outbound fetch in a test: ${request.method} ${request.url}`);
  });
}
