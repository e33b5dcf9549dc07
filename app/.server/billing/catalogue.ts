// The four Pro billing periods of docs/product.md §3 and what a price looks like to the app, plus the demo prices used when
// no Stripe account is configured (docs/decisions/0007-billing.md). Amounts are in the currency's minor unit, as Stripe
// sends them.
import type { BillingPeriod } from "../../lib/constants";

export type Interval = "week" | "month" | "year";

/** How each period bills in Stripe's terms: "3 months" is interval month with interval_count 3. */
export const PERIOD_INTERVALS: Record<BillingPeriod, { interval: Interval; count: number }> = {
  week: { interval: "week", count: 1 },
  month: { interval: "month", count: 1 },
  quarter: { interval: "month", count: 3 },
  year: { interval: "year", count: 1 },
};

export interface PlanPrice {
  period: BillingPeriod;
  priceId: string;
  /** Minor units (cents), Stripe's unit_amount. */
  unitAmount: number;
  /** Lower-case ISO 4217, as Stripe sends it. */
  currency: string;
  interval: Interval;
  intervalCount: number;
}

export type PriceCatalogue = Record<BillingPeriod, PlanPrice>;

/**
 * Demo prices, shown (labelled "Demo prices") when no Stripe key is set. Chosen so the yearly label reads like
 * the product's example: 49.99 a year against 3.99 x 52 weeks is a 75 % saving.
 */
export const DEMO_PRICES: PriceCatalogue = {
  week: { period: "week", priceId: "price_demo_week", unitAmount: 399, currency: "usd", interval: "week", intervalCount: 1 },
  month: { period: "month", priceId: "price_demo_month", unitAmount: 999, currency: "usd", interval: "month", intervalCount: 1 },
  quarter: { period: "quarter", priceId: "price_demo_quarter", unitAmount: 2499, currency: "usd", interval: "month", intervalCount: 3 },
  year: { period: "year", priceId: "price_demo_year", unitAmount: 4999, currency: "usd", interval: "year", intervalCount: 1 },
};

/** The period a recurring price bills, or null for a shape that is none of the four. */
export function periodOfInterval(interval: string, count: number): BillingPeriod | null {
  for (const [period, shape] of Object.entries(PERIOD_INTERVALS) as [BillingPeriod, (typeof PERIOD_INTERVALS)[BillingPeriod]][]) {
    if (shape.interval === interval && shape.count === count) return period;
  }
  return null;
}

/** `start` plus `count` intervals, in UTC; a month that lacks the day ends on its last day, as Stripe bills. */
export function addInterval(start: number, interval: Interval, count: number): number {
  const date = new Date(start);
  if (interval === "week") return start + count * 7 * 24 * 60 * 60 * 1000;
  const months = interval === "year" ? count * 12 : count;
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

/**
 * The yearly plan's saving against paying weekly for a year, in whole percent (rounded down, so the label never
 * promises more than the prices give); null when the two are not comparable or the year is no cheaper.
 */
export function yearlySavingPercent(prices: PriceCatalogue): number | null {
  const { week, year } = prices;
  if (week.currency !== year.currency || week.unitAmount <= 0 || week.interval !== "week" || year.interval !== "year") return null;
  const weeklyForAYear = (week.unitAmount * 52) / week.intervalCount;
  const yearly = year.unitAmount / year.intervalCount;
  if (yearly >= weeklyForAYear) return null;
  return Math.floor((1 - yearly / weeklyForAYear) * 100);
}

/** Currencies Stripe counts in whole units (no minor unit). */
const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]);
/** Currencies with three decimals: Stripe's amounts are thousandths. */
const THREE_DECIMAL = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** A Stripe amount (minor units) for the locale, e.g. "$3.99" or "3,99 $". */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const code = currency.toLowerCase();
  const divisor = ZERO_DECIMAL.has(code) ? 1 : THREE_DECIMAL.has(code) ? 1000 : 100;
  return new Intl.NumberFormat(locale, { style: "currency", currency: code.toUpperCase() }).format(amount / divisor);
}

/** A date and time for the locale, in UTC (the server does not know the reader's zone), e.g. "March 5, 2027 at 2:03 PM UTC". */
export function formatInstant(epochMs: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(epochMs));
}
