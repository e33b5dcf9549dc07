// Prices of the four Pro periods: Stripe Price objects named by STRIPE_PRICE_* (cached), or the demo prices.
import { BILLING_PERIODS, type BillingPeriod } from "../../lib/constants";
import { now } from "../clock";
import type { AppConfig } from "../env";
import { AppError } from "../errors";
import { DEMO_PRICES, periodOfInterval, type PlanPrice, type PriceCatalogue } from "./catalogue";
import { stripeClient, type Stripe } from "./stripe";

/** Isolate memory in front of the Cache API: most page views never leave the isolate for a price. */
const memory = new Map<string, { price: PlanPrice; expiresAt: number }>();
const CACHE_ORIGIN = "https://stripe-prices.cache.invalid";

/** Workers' default cache (the DOM typings in this project do not know `caches.default`). */
function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : ((caches as unknown as { default?: Cache }).default ?? null);
}

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

async function cacheGet(key: string): Promise<PlanPrice | null> {
  const cache = edgeCache();
  if (!cache) return null;
  const hit = await cache.match(`${CACHE_ORIGIN}/${key}`);
  return hit ? ((await hit.json()) as PlanPrice) : null;
}

async function cachePut(key: string, price: PlanPrice, seconds: number): Promise<void> {
  const cache = edgeCache();
  if (!cache || seconds === 0) return;
  const response = Response.json(price, { headers: { "Cache-Control": `max-age=${seconds}` } });
  await cache.put(`${CACHE_ORIGIN}/${key}`, response);
}

async function stripePrice(config: AppConfig, stripe: Stripe, period: BillingPeriod, priceId: string): Promise<PlanPrice> {
  const key = `${encodeURIComponent(config.billing.apiBase ?? "stripe")}/${priceId}`;
  const seconds = config.billing.priceCacheSeconds;
  const remembered = memory.get(key);
  if (remembered && remembered.expiresAt > now()) return remembered.price;
  let price = await cacheGet(key).catch(() => null);
  if (!price) {
    price = toPlanPrice(period, await stripe.prices.retrieve(priceId));
    await cachePut(key, price, seconds).catch(() => undefined);
  }
  memory.set(key, { price, expiresAt: now() + Math.min(seconds, 600) * 1000 });
  return price;
}

/** The four prices, in SPEC's order; billing/prices-unavailable when Stripe cannot be read. */
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

/** Forget cached prices (tests that change a price, and nothing else). */
export function forgetCachedPrices(): void {
  memory.clear();
}
