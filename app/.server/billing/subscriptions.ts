// The subscription rows Stripe's events (or our own calls to Stripe) leave behind, and the plan they give a user.
import { and, desc, eq, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { Subscription, User } from "../../../db/schema";
import type { BillingPeriod } from "../../lib/constants";
import { type Database, getDb, getPrimaryDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { givesPro, givesProSql, renewsPro, TERMINAL_STATUSES } from "./plan";
import { periodOfPriceId } from "./prices";
import type { Stripe } from "./stripe";

/** What we keep of a Stripe Subscription object. Times are epoch milliseconds. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  priceId: string;
  billingPeriod: BillingPeriod;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
}

type StripeSubscriptionLike = Pick<Stripe.Subscription, "id" | "customer" | "status" | "cancel_at_period_end" | "cancel_at" | "metadata" | "items"> & {
  /** Top-level before API version 2025-03-31; on the items since. */
  current_period_end?: number;
};

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * Reads a Stripe Subscription (from an event or the API) into what we store; null when it is not one of our plans:
 * its Price must be one of this product's four (another product on the same Stripe account never gives Pro).
 */
export function subscriptionState(config: AppConfig, subscription: StripeSubscriptionLike): SubscriptionState | null {
  const item = subscription.items?.data?.[0];
  const price = item?.price;
  const customerId = idOf(subscription.customer);
  const periodEnd = (item as { current_period_end?: number } | undefined)?.current_period_end ?? subscription.current_period_end;
  if (!item || !price || !customerId || typeof periodEnd !== "number") return null;
  const billingPeriod = periodOfPriceId(config, price.id);
  if (!billingPeriod) return null;
  // Newer Stripe flows schedule the end with cancel_at instead of cancel_at_period_end; both end Pro at that time.
  const cancelAt = subscription.cancel_at ?? null;
  const cancelling = subscription.cancel_at_period_end || cancelAt !== null;
  const end = cancelAt !== null ? Math.min(cancelAt, periodEnd) : periodEnd;
  return {
    id: subscription.id,
    customerId,
    status: subscription.status,
    priceId: price.id,
    billingPeriod,
    currentPeriodEnd: end * 1000,
    cancelAtPeriodEnd: cancelling,
  };
}

/**
 * The user a Stripe event is about: the one a Checkout Session this app created was for (`sessionOwner`, from
 * checkout_sessions), else the one whose Stripe customer it is. Metadata and client_reference_id are never trusted on
 * their own: anyone with access to the Stripe account can set them (decision 0007).
 */
export async function findBillingUser(
  env: AppEnv,
  hint: { sessionOwner?: string | null; customerId?: string | null },
): Promise<Pick<User, "id" | "stripeCustomerId"> | null> {
  const db = getPrimaryDb(env);
  const columns = { id: true, stripeCustomerId: true } as const;
  if (hint.sessionOwner) {
    const user = await db.query.users.findFirst({ where: eq(schema.users.id, hint.sessionOwner), columns });
    // A customer id that belongs to someone else never moves a subscription to this user.
    if (user && (!hint.customerId || !user.stripeCustomerId || user.stripeCustomerId === hint.customerId)) return user;
    return null;
  }
  if (hint.customerId) {
    return (await db.query.users.findFirst({ where: eq(schema.users.stripeCustomerId, hint.customerId), columns })) ?? null;
  }
  return null;
}

/** Remembers a Checkout Session this app just created, and for whom (decision 0007). */
export async function recordCheckoutSession(env: AppEnv, sessionId: string, userId: string): Promise<void> {
  await getPrimaryDb(env).insert(schema.checkoutSessions).values({ id: sessionId, userId }).onConflictDoNothing();
}

/** The user a Checkout Session was created for by this app; null for a session made anywhere else. */
export async function checkoutSessionOwner(env: AppEnv, sessionId: string): Promise<string | null> {
  const row = await getPrimaryDb(env).query.checkoutSessions.findFirst({ where: eq(schema.checkoutSessions.id, sessionId), columns: { userId: true } });
  return row?.userId ?? null;
}

/** users.access_level from the user's subscriptions at `now`, decided inside D1 (so concurrent events cannot race it). */
export function accessLevelStatement(db: Database, userId: string, now: number) {
  const u = schema.users;
  const s = schema.subscriptions;
  const level: SQL = sql`case when exists (select 1 from ${s} where ${s.userId} = ${u.id} and ${givesProSql(now)}) then 'pro' else 'basic' end`;
  return db
    .update(u)
    .set({ accessLevel: sql`${level}`, updatedAt: now })
    .where(eq(u.id, userId));
}

/** Links a Stripe customer to the user, unless the user already has one. */
export function linkCustomerStatement(db: Database, userId: string, customerId: string) {
  return db
    .update(schema.users)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(schema.users.id, userId), isNull(schema.users.stripeCustomerId)));
}

/**
 * Writes a subscription's state as of `orderAt` (Stripe's event time, or the time we read it from Stripe). An older
 * state never overwrites a newer one, and a canceled subscription stays canceled (Stripe never revives one), so
 * events applied in any order end in the same row.
 */
export function saveSubscriptionStatements(db: Database, userId: string, state: SubscriptionState, orderAt: number, now: number) {
  const s = schema.subscriptions;
  const values = {
    id: state.id,
    userId,
    status: state.status,
    priceId: state.priceId,
    billingPeriod: state.billingPeriod,
    currentPeriodEnd: state.currentPeriodEnd,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    stripeEventAt: orderAt,
    updatedAt: now,
  };
  const upsert = db
    .insert(s)
    .values(values)
    .onConflictDoUpdate({
      target: s.id,
      set: {
        status: sql`excluded.status`,
        priceId: sql`excluded.price_id`,
        billingPeriod: sql`excluded.billing_period`,
        currentPeriodEnd: sql`excluded.current_period_end`,
        cancelAtPeriodEnd: sql`excluded.cancel_at_period_end`,
        stripeEventAt: sql`excluded.stripe_event_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${s.stripeEventAt} <= excluded.stripe_event_at and ${s.status} not in (${sql.join(
        TERMINAL_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}) and ${s.userId} = excluded.user_id`,
    });
  return [upsert, accessLevelStatement(db, userId, now)] as const;
}

/** Payment news from an invoice event, ordered by its own time (apart from the subscription's state). */
export interface PaymentState {
  failedAt: number | null;
  nextAttemptAt: number | null;
}

export function savePaymentStatements(db: Database, userId: string, subscriptionId: string, payment: PaymentState, orderAt: number, now: number) {
  const s = schema.subscriptions;
  const update = db
    .update(s)
    .set({ paymentFailedAt: payment.failedAt, nextPaymentAttemptAt: payment.nextAttemptAt, paymentEventAt: orderAt, updatedAt: now })
    .where(and(eq(s.id, subscriptionId), eq(s.userId, userId), or(isNull(s.paymentEventAt), lte(s.paymentEventAt, orderAt))));
  return [update, accessLevelStatement(db, userId, now)] as const;
}

export async function listSubscriptions(env: AppEnv, userId: string): Promise<Subscription[]> {
  return getDb(env).select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId)).orderBy(desc(schema.subscriptions.stripeEventAt));
}

/** The subscription to show and act on: one that gives Pro now, else the most recent. */
export function currentSubscription(rows: Subscription[], now: number): Subscription | null {
  return rows.find((row) => givesPro(row, now)) ?? rows[0] ?? null;
}

/**
 * The user's plan now. users.access_level is a mirror the webhook keeps in step; time can only take Pro away (a
 * period ends), so a "basic" row needs no further look, and a "pro" row is checked against its subscriptions and
 * corrected when its period is over. A Pro row with no subscription at all was granted by an operator and stays.
 */
export async function planForUser(env: AppEnv, user: Pick<User, "id" | "accessLevel">, now: number): Promise<"free" | "pro"> {
  if (user.accessLevel !== "pro") return "free";
  const rows = await listSubscriptions(env, user.id);
  if (rows.length === 0 || rows.some((row) => givesPro(row, now))) return "pro";
  const db = getDb(env);
  await accessLevelStatement(db, user.id, now);
  return "free";
}

/**
 * docs/product.md §5: Pro that renews blocks deleting the account (a subscription already cancelled does not: the person did
 * "cancel first"). An operator-granted Pro without a subscription also counts.
 */
export async function hasRenewingPro(env: AppEnv, user: Pick<User, "id" | "accessLevel">, now: number): Promise<boolean> {
  const rows = await listSubscriptions(env, user.id);
  if (rows.some((row) => renewsPro(row, now))) return true;
  return user.accessLevel === "pro" && rows.length === 0;
}
