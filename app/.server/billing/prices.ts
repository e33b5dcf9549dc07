// Prices of the four Pro periods: Stripe Price objects named by STRIPE_PRICE_* (cached, stripe-cache.ts), or the demo prices.
import { BILLING_PERIODS, type BillingPeriod } from "../../lib/constants";
import type { AppConfig } from "../env";
import { AppError } from "../errors";
import { DEMO_PRICES, periodOfInterval, type PlanPrice, type PriceCatalogue } from "./catalogue";
import { cachedStripeRead } from "./stripe-cache";
import { stripeClient, type Stripe } from "./stripe";

/** A Stripe Price as the app uses it; refuses one that is not a recurring price of the expected period. */
export function toPlanPrice(period: BillingPeriod, price: Pick<Stripe.Price, "id" | "unit_amount" | "currency" | "recurring" | "active">): PlanPrice {
  const recurring = price.recurring;
  if (!recurring || price.unit_amount === null || periodOfInterval(recurring.interval, recurring.interval_count) !== period) {
    throw new Error(`Stripe price ${price.id} is not a ${period} recurring price with a fixed amount (check STRIPE_PRICE_${period.toUpperCase()})`);
  }
  return {
    period,
    priceId: price.id,
    unitAmount: price.unit_amount,
    currency: price.currency,
    interval: recurring.interval as PlanPrice["interval"],
    intervalCount: recurring.interval_count,
  };
}

/** One configured Price, read from Stripe at most once per STRIPE_PRICE_CACHE_SECONDS (stripe-cache.ts). */
function stripePrice(config: AppConfig, stripe: Stripe, period: BillingPeriod, priceId: string): Promise<PlanPrice> {
  return cachedStripeRead(config, `price/${priceId}`, async () => toPlanPrice(period, await stripe.prices.retrieve(priceId)));
}

/** The four prices, in the product's order; billing/prices-unavailable when Stripe cannot be read. */
export async function loadPrices(config: AppConfig): Promise<PriceCatalogue> {
  const stripe = stripeClient(config);
  if (!stripe) return DEMO_PRICES;
  try {
    const entries = await Promise.all(
      BILLING_PERIODS.map(async (period) => [period, await stripePrice(config, stripe, period, config.billing.prices[period]!)] as const),
    );
    return Object.fromEntries(entries) as PriceCatalogue;
  } catch (cause) {
    console.error("billing: could not read prices from Stripe", cause instanceof Error ? cause.message : cause);
    throw new AppError("billing/prices-unavailable", { cause });
  }
}

/**
 * Which period a Price id is among this product's prices: the four STRIPE_PRICE_* with Stripe keys, the demo prices
 * without. Any other Price (another product on the same Stripe account) is none of ours: null (decision 0007).
 */
export function periodOfPriceId(config: AppConfig, priceId: string): BillingPeriod | null {
  for (const period of BILLING_PERIODS) {
    const ours = config.billing.mode === "stripe" ? config.billing.prices[period] : DEMO_PRICES[period].priceId;
    if (ours === priceId) return period;
  }
  return null;
}
