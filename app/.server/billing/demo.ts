// The demo checkout (no Stripe key, never in production): it stands in for Stripe by building the events Stripe would
// send, in Stripe's shape, signing them with the local webhook secret through the stripe library, and posting them to
// our own /api/stripe/webhook, so the real webhook code is what makes someone Pro (docs/decisions/0007-billing.md).
import { eq } from "drizzle-orm";
import type { Subscription, User } from "../../../db/schema";
import type { BillingPeriod } from "../../lib/constants";
import { getPrimaryDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { addInterval, DEMO_PRICES, type PlanPrice } from "./catalogue";
import { cryptoProvider, Stripe } from "./stripe";
import { recordCheckoutSession } from "./subscriptions";
import { receiveStripeWebhook } from "./webhook";

const seconds = (ms: number) => Math.floor(ms / 1000);
const demoId = (prefix: string) => `${prefix}_demo_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;

export interface DemoEvent {
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

function event(type: string, object: Record<string, unknown>, now: number, previous?: Record<string, unknown>): DemoEvent {
  return {
    id: demoId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: seconds(now),
    data: previous ? { object, previous_attributes: previous } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function priceObject(price: PlanPrice, now: number): Record<string, unknown> {
  return {
    id: price.priceId,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: seconds(now),
    currency: price.currency,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: "prod_demo_pro",
    recurring: { interval: price.interval, interval_count: price.intervalCount, meter: null, trial_period_days: null, usage_type: "licensed" },
    tax_behavior: "unspecified",
    type: "recurring",
    unit_amount: price.unitAmount,
    unit_amount_decimal: String(price.unitAmount),
  };
}

interface DemoSubscriptionInput {
  id: string;
  customerId: string;
  userId: string;
  price: PlanPrice;
  status: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  created: number;
  canceledAt: number | null;
  latestInvoice: string | null;
}

/** A Subscription object as API version 2025-03-31 and later shape it (the period lives on the item). */
function subscriptionObject(input: DemoSubscriptionInput): Record<string, unknown> {
  return {
    id: input.id,
    object: "subscription",
    application: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: seconds(input.periodStart),
    cancel_at: input.cancelAtPeriodEnd ? seconds(input.periodEnd) : null,
    cancel_at_period_end: input.cancelAtPeriodEnd,
    canceled_at: input.canceledAt === null ? null : seconds(input.canceledAt),
    cancellation_details: { comment: null, feedback: null, reason: input.cancelAtPeriodEnd ? "cancellation_requested" : null },
    collection_method: "charge_automatically",
    created: seconds(input.created),
    currency: input.price.currency,
    customer: input.customerId,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${input.id.slice(4)}`,
          object: "subscription_item",
          created: seconds(input.created),
          current_period_end: seconds(input.periodEnd),
          current_period_start: seconds(input.periodStart),
          discounts: [],
          metadata: {},
          price: priceObject(input.price, input.created),
          quantity: 1,
          subscription: input.id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${input.id}`,
    },
    latest_invoice: input.latestInvoice,
    livemode: false,
    metadata: { userId: input.userId },
    start_date: seconds(input.created),
    status: input.status,
    trial_end: null,
    trial_start: null,
  };
}

/** The demo customer of a user: reused, like a real one (one Stripe customer per user). */
async function demoCustomerId(env: AppEnv, user: Pick<User, "id" | "stripeCustomerId">): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const db = getPrimaryDb(env);
  const id = demoId("cus");
  await db.update(schema.users).set({ stripeCustomerId: id }).where(eq(schema.users.id, user.id));
  const row = await db.query.users.findFirst({ where: eq(schema.users.id, user.id), columns: { stripeCustomerId: true } });
  return row?.stripeCustomerId ?? id;
}

/**
 * What Stripe sends when a subscription checkout completes: the session, the new subscription and its paid first
 * invoice. Amounts are the demo prices; no tax, no payment method.
 */
export async function demoCheckoutEvents(env: AppEnv, user: Pick<User, "id" | "stripeCustomerId">, period: BillingPeriod, now: number): Promise<DemoEvent[]> {
  const price = DEMO_PRICES[period];
  const customerId = await demoCustomerId(env, user);
  const subscriptionId = demoId("sub");
  const invoiceId = demoId("in");
  const periodEnd = addInterval(now, price.interval, price.intervalCount);
  const subscription = subscriptionObject({
    id: subscriptionId,
    customerId,
    userId: user.id,
    price,
    status: "active",
    periodStart: now,
    periodEnd,
    cancelAtPeriodEnd: false,
    created: now,
    canceledAt: null,
    latestInvoice: invoiceId,
  });
  const sessionId = demoId("cs");
  // As a real checkout does: the webhook trusts only sessions this app recorded (decision 0007).
  await recordCheckoutSession(env, sessionId, user.id);
  const session = {
    id: sessionId,
    object: "checkout.session",
    amount_subtotal: price.unitAmount,
    amount_total: price.unitAmount,
    client_reference_id: user.id,
    created: seconds(now),
    currency: price.currency,
    customer: customerId,
    invoice: invoiceId,
    livemode: false,
    metadata: { userId: user.id },
    mode: "subscription",
    payment_status: "paid",
    status: "complete",
    subscription: subscriptionId,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
  };
  const invoice = {
    id: invoiceId,
    object: "invoice",
    amount_due: price.unitAmount,
    amount_paid: price.unitAmount,
    amount_remaining: 0,
    attempt_count: 1,
    attempted: true,
    billing_reason: "subscription_create",
    created: seconds(now),
    currency: price.currency,
    customer: customerId,
    livemode: false,
    next_payment_attempt: null,
    parent: { quote_details: null, subscription_details: { metadata: { userId: user.id }, subscription: subscriptionId }, type: "subscription_details" },
    period_end: seconds(now),
    period_start: seconds(now),
    status: "paid",
    subtotal: price.unitAmount,
    total: price.unitAmount,
    total_taxes: [],
  };
  return [event("customer.subscription.created", subscription, now), event("invoice.paid", invoice, now), event("checkout.session.completed", session, now)];
}

/** customer.subscription.updated for setting (or clearing) cancel-at-period-end on a demo subscription. */
export function demoCancelEvent(row: Subscription, user: Pick<User, "id" | "stripeCustomerId">, cancel: boolean, now: number): DemoEvent {
  const price = DEMO_PRICES[row.billingPeriod];
  const periodStart = addInterval(row.currentPeriodEnd, price.interval, -price.intervalCount);
  const subscription = subscriptionObject({
    id: row.id,
    customerId: user.stripeCustomerId ?? "",
    userId: user.id,
    price,
    status: row.status,
    periodStart,
    periodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: cancel,
    created: row.createdAt,
    canceledAt: cancel ? now : null,
    latestInvoice: null,
  });
  return event("customer.subscription.updated", subscription, now, {
    cancel_at_period_end: !cancel,
    cancel_at: cancel ? null : seconds(row.currentPeriodEnd),
    canceled_at: cancel ? null : seconds(now),
  });
}

/**
 * Signs each event as Stripe does (t=..,v1=HMAC-SHA256) with the local webhook secret and hands it to the app's own
 * webhook handler, in order: the real signature check and event code run, in process, never over HTTP (posting to "our
 * own origin" took that origin from the request's Host, which a client can forge). Throws when a delivery is not accepted.
 */
export async function deliverDemoEvents(env: AppEnv, config: AppConfig, events: DemoEvent[], now: number): Promise<void> {
  const secret = config.billing.webhookSecret;
  if (config.billing.mode !== "demo" || !secret) throw new Error("demo checkout is only available without Stripe keys, outside production");
  for (const demoEvent of events) {
    const payload = JSON.stringify(demoEvent, null, 2);
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: seconds(now), cryptoProvider });
    const delivery = await receiveStripeWebhook(env, config, payload, signature);
    if (!delivery.processed) throw new Error(`demo webhook delivery of ${demoEvent.type} failed`);
  }
}
