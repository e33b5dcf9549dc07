// What a signed-in person does with their plan: see the totals, check out, cancel or resume, open Stripe's portal.
// With Stripe keys these are Stripe API calls; without them (outside production) the demo stands in.
import { eq } from "drizzle-orm";
import type { User } from "../../../db/schema";
import type { Locale } from "../../lib/constants";
import { syncViewerProfile } from "../auth/viewer-profile";
import { now as clockNow } from "../clock";
import { getPrimaryDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError, isAppError } from "../errors";
import type { PlanPrice } from "./catalogue";
import { demoCancelEvent, deliverDemoEvents } from "./demo";
import { givesPro } from "./plan";
import {
  checkoutSessionOwner,
  currentSubscription,
  listSubscriptions,
  recordCheckoutSession,
  saveSubscriptionStatements,
  subscriptionState,
} from "./subscriptions";
import { cachedStripeRead } from "./stripe-cache";
import { stripeClient, type Stripe } from "./stripe";

export type BillingUser = Pick<User, "id" | "email" | "displayName" | "stripeCustomerId" | "locale">;

export interface Totals {
  subtotal: number;
  /** null when tax is worked out at checkout from the billing address. */
  tax: number | null;
  total: number;
  currency: string;
}

/**
 * Subtotal, tax and total of the first payment for `price`, as Stripe's invoice preview computes them. Without a
 * customer (every visitor, and accounts that never checked out) the preview depends only on the Price and whether
 * Stripe Tax is on: no address or IP address is sent, so the tax line is "at checkout" and the answer is the same for
 * everyone, cached and shared (stripe-cache.ts). A customer's preview (their address, balance, discounts) is theirs.
 */
export async function previewTotals(config: AppConfig, price: PlanPrice, customerId: string | null): Promise<Totals> {
  const stripe = stripeClient(config);
  const plain: Totals = { subtotal: price.unitAmount, tax: config.billing.automaticTax ? null : 0, total: price.unitAmount, currency: price.currency };
  if (!stripe) return { ...plain, tax: 0 };
  const base = { subscription_details: { items: [{ price: price.priceId, quantity: 1 }] }, ...(customerId ? { customer: customerId } : {}) };
  const read = (invoice: Stripe.Invoice, taxKnown: boolean): Totals => ({
    subtotal: invoice.subtotal,
    tax: taxKnown ? (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0) : null,
    total: invoice.total,
    currency: invoice.currency,
  });
  const untaxed = async () => read(await stripe.invoices.createPreview(base), !config.billing.automaticTax);
  try {
    if (!customerId) return await cachedStripeRead(config, `preview/${price.priceId}/tax-${config.billing.automaticTax ? "at-checkout" : "off"}`, untaxed);
    if (config.billing.automaticTax) {
      try {
        return read(await stripe.invoices.createPreview({ ...base, automatic_tax: { enabled: true } }), true);
      } catch {
        // No billing address on file yet: Stripe Tax cannot place the customer until checkout asks for one.
      }
    }
    return await untaxed();
  } catch (error) {
    console.error("billing: invoice preview failed", error instanceof Error ? error.message : error);
    return plain;
  }
}

/** The user's Stripe customer, created the first time and reused after (an idempotency key stops a double). */
export async function ensureCustomer(env: AppEnv, stripe: Stripe, user: BillingUser): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create(
    { email: user.email, name: user.displayName, metadata: { userId: user.id }, preferred_locales: [user.locale] },
    { idempotencyKey: `customer-${user.id}` },
  );
  const db = getPrimaryDb(env);
  const linked = await db
    .update(schema.users)
    .set({ stripeCustomerId: customer.id })
    .where(eq(schema.users.id, user.id))
    .returning({ id: schema.users.stripeCustomerId });
  return linked[0]?.id ?? customer.id;
}

/**
 * Starts paying for Pro: the Stripe Checkout page's URL, or the demo checkout's. Refused while the user already has
 * Pro (a cancelled one is resumed on My Plan instead).
 */
export async function startCheckout(
  env: AppEnv,
  config: AppConfig,
  input: { user: BillingUser; price: PlanPrice; origin: string; locale: Locale },
): Promise<string> {
  const rows = await listSubscriptions(env, input.user.id);
  if (rows.some((row) => givesPro(row, clockNow()))) throw new AppError("billing/already-subscribed");
  if (config.billing.mode === "off") throw new AppError("billing/not-configured");
  const stripe = stripeClient(config);
  if (!stripe) return `/payment/demo-checkout?period=${input.price.period}`;
  try {
    const customer = await ensureCustomer(env, stripe, input.user);
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: input.user.id,
      line_items: [{ price: input.price.priceId, quantity: 1 }],
      subscription_data: { metadata: { userId: input.user.id } },
      metadata: { userId: input.user.id },
      success_url: `${input.origin}/payment?success=1&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.origin}/payment?period=${input.price.period}`,
      locale: input.locale,
      ...(config.billing.automaticTax ? { automatic_tax: { enabled: true }, customer_update: { address: "auto" as const } } : {}),
    });
    if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
    // Before the person can pay: the webhook and the success view trust only sessions recorded here (decision 0007).
    await recordCheckoutSession(env, session.id, input.user.id);
    return session.url;
  } catch (cause) {
    console.error("billing: checkout failed", cause instanceof Error ? cause.message : cause);
    throw new AppError("billing/checkout-failed", { cause });
  }
}

/**
 * Back from Stripe Checkout: fetch the session and store its subscription now, so the success view does not wait
 * for the webhook (which still comes, and is applied once).
 */
export async function confirmCheckout(env: AppEnv, config: AppConfig, user: Pick<User, "id">, sessionId: string): Promise<void> {
  const stripe = stripeClient(config);
  if (!stripe || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) return;
  try {
    // A session made elsewhere on the Stripe account, even one naming this user, is not this user's checkout.
    if ((await checkoutSessionOwner(env, sessionId)) !== user.id) return;
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
    if (session.client_reference_id !== user.id || session.status !== "complete" || !session.subscription || typeof session.subscription === "string") return;
    const state = subscriptionState(config, session.subscription);
    if (!state) return;
    const db = getPrimaryDb(env);
    const now = clockNow();
    await db.batch(saveSubscriptionStatements(db, user.id, state, now, now));
    await syncViewerProfile(env, user.id);
  } catch (error) {
    // The webhook will bring the same news; the page keeps polling until it has.
    console.error("billing: could not confirm checkout session", error instanceof Error ? error.message : error);
  }
}

/**
 * Cancel at the end of the paid period (docs/product.md §4), or take that back before it ends. billing/cancel-failed or
 * billing/resume-failed when Stripe (or the demo webhook) does not accept it.
 */
export async function setCancelAtPeriodEnd(
  env: AppEnv,
  config: AppConfig,
  input: { user: Pick<User, "id" | "stripeCustomerId">; cancel: boolean },
): Promise<void> {
  const failure = input.cancel ? "billing/cancel-failed" : "billing/resume-failed";
  const now = clockNow();
  const row = currentSubscription(await listSubscriptions(env, input.user.id), now);
  if (!row || !givesPro(row, now)) throw new AppError("billing/no-subscription");
  if (row.cancelAtPeriodEnd === input.cancel) return;
  try {
    const stripe = stripeClient(config);
    if (stripe) {
      const updated = await stripe.subscriptions.update(row.id, { cancel_at_period_end: input.cancel });
      const state = subscriptionState(config, updated);
      if (!state) throw new Error(`subscription ${row.id} came back in an unexpected shape`);
      const db = getPrimaryDb(env);
      await db.batch(saveSubscriptionStatements(db, input.user.id, state, clockNow(), clockNow()));
      await syncViewerProfile(env, input.user.id);
    } else {
      await deliverDemoEvents(env, config, [demoCancelEvent(row, input.user, input.cancel, now)], now);
    }
  } catch (cause) {
    if (isAppError(cause)) throw cause;
    console.error(`billing: ${input.cancel ? "cancel" : "resume"} failed`, cause instanceof Error ? cause.message : cause);
    throw new AppError(failure, { cause });
  }
}

/** A Stripe billing portal session (payment method, invoices), for accounts with a Stripe customer. */
export async function billingPortalUrl(config: AppConfig, input: { customerId: string | null; returnUrl: string; locale: Locale }): Promise<string> {
  const stripe = stripeClient(config);
  if (!stripe || !input.customerId) throw new AppError("billing/not-configured");
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl, locale: input.locale });
    return session.url;
  } catch (cause) {
    console.error("billing: portal session failed", cause instanceof Error ? cause.message : cause);
    throw new AppError("billing/portal-failed", { cause });
  }
}
