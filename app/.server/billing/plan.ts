// When a subscription gives Pro (docs/decisions/0007-billing.md). One rule, written twice: in TypeScript for pages
// and in SQL for the webhook's batch, which sets users.access_level in the same transaction as the subscription row.
// tests/integration/billing-plan.test.ts checks that both agree.
import { sql, type SQL } from "drizzle-orm";
import type { Subscription } from "../../../db/schema";
import { schema } from "../db";

/**
 * A renewing subscription keeps Pro this long past its period end: Stripe moves the period forward when it creates
 * the renewal invoice, and that webhook may arrive late (Stripe retries deliveries for days).
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** Stripe statuses after which a subscription never becomes active again. */
export const TERMINAL_STATUSES = ["canceled", "incomplete_expired"] as const;

export type AccessFields = Pick<Subscription, "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "paymentFailedAt" | "nextPaymentAttemptAt">;

/** A renewal payment failed and Stripe has said it will not try again (invoice.payment_failed without a next attempt). */
export function retriesExhausted(subscription: Pick<AccessFields, "paymentFailedAt" | "nextPaymentAttemptAt">): boolean {
  return subscription.paymentFailedAt !== null && subscription.nextPaymentAttemptAt === null;
}

/**
 * active and trialing give Pro; past_due keeps it while Stripe retries the payment (Stripe: revoke access once the
 * subscription is unpaid or canceled, "because payments were already attempted and retried while past_due").
 */
export function statusGivesPro(subscription: AccessFields): boolean {
  if (subscription.status === "active" || subscription.status === "trialing") return true;
  return subscription.status === "past_due" && !retriesExhausted(subscription);
}

/** The moment Pro ends if nothing else happens: the period end when cancelling, a grace later when renewing. */
export function accessEndsAt(subscription: Pick<AccessFields, "currentPeriodEnd" | "cancelAtPeriodEnd">): number {
  return subscription.cancelAtPeriodEnd ? subscription.currentPeriodEnd : subscription.currentPeriodEnd + RENEWAL_GRACE_MS;
}

/** Pro while active (or retrying a payment) and, when cancelled, until the end of the paid period. */
export function givesPro(subscription: AccessFields, now: number): boolean {
  return statusGivesPro(subscription) && now < accessEndsAt(subscription);
}

/** Gives Pro and will renew: what blocks deleting the account (docs/product.md §5 "cancel first"). */
export function renewsPro(subscription: AccessFields, now: number): boolean {
  return givesPro(subscription, now) && !subscription.cancelAtPeriodEnd;
}

/** `renewsPro` as SQL over the subscriptions table (Settings › Account reads it with the page's other rows). */
export function renewsProSql(now: number): SQL {
  return sql`(${givesProSql(now)} and not ${schema.subscriptions.cancelAtPeriodEnd})`;
}

/** `givesPro` as SQL over the subscriptions table, for statements that must decide inside D1. */
export function givesProSql(now: number): SQL {
  const s = schema.subscriptions;
  return sql`((${s.status} in ('active', 'trialing') or (${s.status} = 'past_due' and not (${s.paymentFailedAt} is not null and ${s.nextPaymentAttemptAt} is null)))
    and (case when ${s.cancelAtPeriodEnd} then ${s.currentPeriodEnd} else ${s.currentPeriodEnd} + ${RENEWAL_GRACE_MS} end) > ${now})`;
}
