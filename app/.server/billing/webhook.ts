// POST /api/stripe/webhook: Stripe's events (and, without keys, the demo checkout's) change subscriptions here.
// The raw body is verified with Web Crypto; each event id is applied once, in the same D1 transaction as its
// changes; events may come twice or out of order and still end in the right state (docs/decisions/0007-billing.md).
import { eq } from "drizzle-orm";
import { now as clockNow } from "../clock";
import { type Database, getPrimaryDb, isUniqueViolation, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { syncViewerProfile } from "../auth/viewer-profile";
import {
  checkoutSessionOwner,
  findBillingUser,
  linkCustomerStatement,
  saveSubscriptionStatements,
  savePaymentStatements,
  subscriptionState,
  type SubscriptionState,
} from "./subscriptions";
import { cryptoProvider, Stripe, stripeClient, WEBHOOK_TOLERANCE_SECONDS } from "./stripe";

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
]);
const CHECKOUT_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const PAID_EVENTS = new Set(["invoice.paid", "invoice.payment_succeeded"]);

/** Stripe's events are a few kilobytes; a body past this is refused with 413 while it arrives (SECURITY.md). */
export const STRIPE_EVENT_MAX_BYTES = 512 * 1024;

/** What became of a verified delivery: applied (or a duplicate, or ignored), or failed while applying (nothing of it recorded). */
export type WebhookDelivery = { processed: true; outcome: WebhookOutcome } | { processed: false };

/**
 * Verifies and applies one delivery (the raw body and its Stripe-Signature header). Throws request/invalid (400, and
 * changes nothing) for a missing, bad or stale signature, and request/not-found where no webhook secret is configured.
 */
export async function receiveStripeWebhook(env: AppEnv, config: AppConfig, payload: string, signature: string | null): Promise<WebhookDelivery> {
  const secret = stripeWebhookSecret(config);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("No Stripe-Signature header");
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider, clockNow());
  } catch (error) {
    console.warn("billing: webhook refused:", error instanceof Error ? error.message.split("\n")[0] : "invalid");
    throw new AppError("request/invalid");
  }
  try {
    return { processed: true, outcome: await applyStripeEvent(env, config, event, clockNow()) };
  } catch (error) {
    // Stripe delivers the event again later (the route answers 500); nothing of it was recorded.
    console.error(`billing: ${event.type} ${event.id} failed`, error);
    return { processed: false };
  }
}

/** The endpoint's signing secret; without one the webhook does not exist (request/not-found), checked before the body is read. */
export function stripeWebhookSecret(config: AppConfig): string {
  const secret = config.billing.webhookSecret;
  if (!secret) throw new AppError("request/not-found");
  return secret;
}

/**
 * Applies a verified event once. With Stripe keys the subscription is read back from Stripe (its current state, so
 * order cannot matter); without them (demo, tests) the event's own object is used, ordered by the event's time.
 */
export async function applyStripeEvent(env: AppEnv, config: AppConfig, event: Stripe.Event, now: number): Promise<WebhookOutcome> {
  const db = getPrimaryDb(env);
  const seen = await db.query.stripeEvents.findFirst({ where: eq(schema.stripeEvents.id, event.id), columns: { id: true } });
  if (seen) return "duplicate";

  const { userId, list: changes } = await changesFor(env, config, event, now);
  const record = db.insert(schema.stripeEvents).values({ id: event.id, type: event.type, receivedAt: now });
  try {
    // One transaction: the event id and what it changes are stored together or not at all.
    await db.batch([record, ...changes]);
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  if (changes.length === 0) return "ignored";
  // The plan a signed-in request sees is the profile in the account's object (decision 0039): copied there now. If
  // that fails the event is forgotten again, so Stripe's retry applies it (its statements are safe to repeat) and copies.
  if (userId) {
    try {
      await syncViewerProfile(env, userId);
    } catch (error) {
      await db.delete(schema.stripeEvents).where(eq(schema.stripeEvents.id, event.id));
      throw error;
    }
  }
  return "applied";
}

type Statement = Parameters<Database["batch"]>[0][number];

/** The statements of one event, with the user they change (whose profile follows, decision 0039); none when it is not ours. */
async function changesFor(env: AppEnv, config: AppConfig, event: Stripe.Event, now: number): Promise<{ userId: string | null; list: Statement[] }> {
  const none = (list: Statement[] = []) => ({ userId: null, list });
  const db = getPrimaryDb(env);
  const eventAt = event.created * 1000;
  const stripe = stripeClient(config);

  if (CHECKOUT_EVENTS.has(event.type)) {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.mode !== "subscription") return none();
    // Only a session this app created names its user; one made elsewhere on the account, whatever its
    // client_reference_id says, touches no one.
    const sessionOwner = await checkoutSessionOwner(env, session.id);
    if (!sessionOwner || sessionOwner !== session.client_reference_id) return none(notOurs(event, "is not a Checkout Session this app created"));
    const customerId = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
    const user = await findBillingUser(env, { sessionOwner, customerId });
    if (!user || !customerId) return none(notOurs(event, "names no known user"));
    const statements: Statement[] = [linkCustomerStatement(db, user.id, customerId)];
    const subscriptionId = typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
    if (stripe && subscriptionId) {
      const state = subscriptionState(config, await stripe.subscriptions.retrieve(subscriptionId));
      if (state) statements.push(...saveSubscriptionStatements(db, user.id, state, now, now));
    }
    return { userId: user.id, list: statements };
  }

  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const object = event.data.object as Stripe.Subscription;
    let state: SubscriptionState | null;
    let orderAt = eventAt;
    if (stripe) {
      state = subscriptionState(config, await stripe.subscriptions.retrieve(object.id));
      orderAt = now;
    } else {
      state = subscriptionState(config, object);
    }
    if (!state) return none(notOurs(event, "is not for one of this product's Prices"));
    const user = await findBillingUser(env, { customerId: state.customerId });
    if (!user) return none(notOurs(event, "names no known user"));
    return { userId: user.id, list: [...saveSubscriptionStatements(db, user.id, state, orderAt, now)] };
  }

  if (PAID_EVENTS.has(event.type) || event.type === "invoice.payment_failed") {
    const invoice = event.data.object as Stripe.Invoice;
    const subscriptionId = invoiceSubscriptionId(invoice);
    const customerId = typeof invoice.customer === "string" ? invoice.customer : (invoice.customer?.id ?? null);
    if (!subscriptionId) return none();
    const user = await findBillingUser(env, { customerId });
    if (!user) return none(notOurs(event, "names no known user"));
    const failed = event.type === "invoice.payment_failed";
    const statements: Statement[] = [
      ...savePaymentStatements(
        db,
        user.id,
        subscriptionId,
        failed
          ? { failedAt: eventAt, nextAttemptAt: invoice.next_payment_attempt ? invoice.next_payment_attempt * 1000 : null }
          : { failedAt: null, nextAttemptAt: null },
        eventAt,
        now,
      ),
    ];
    if (stripe) {
      // The invoice changed the subscription too (past_due, or active again): store its current state.
      const state = subscriptionState(config, await stripe.subscriptions.retrieve(subscriptionId));
      if (state) statements.unshift(...saveSubscriptionStatements(db, user.id, state, now, now));
    }
    return { userId: user.id, list: statements };
  }

  return none();
}

/** Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const value = fromParent ?? legacy ?? null;
  return typeof value === "string" ? value : (value?.id ?? null);
}

function notOurs(event: Stripe.Event, why: string): Statement[] {
  // Not ours to apply (another product or app on the account, or a customer deleted here). The event id is recorded
  // and answered 200, so Stripe does not retry it.
  console.warn(`billing: ${event.type} ${event.id} ${why}; ignored`);
  return [];
}
