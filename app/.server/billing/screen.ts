// What the /payment page loads and how its checkout form is handled; the route stays thin (README "Architecture map").
// Two screens share the address: the plans, and the return from checkout (`?success=1`) that waits for Pro.
import type { AppContext } from "../context";
import { findUser } from "../auth/accounts";
import { now } from "../clock";
import { AppError, isAppError } from "../errors";
import { publicOrigin, requireUser, requireUserRow } from "../http/auth";
import { readForm } from "../http/request";
import { getLocale } from "../i18n";
import { getViewer, viewerUserRow } from "../identity";
import { pageTitle } from "../page";
import { BILLING_PERIODS, type BillingPeriod } from "../../lib/constants";
import { formatInstant, formatMoney, yearlySavingPercent } from "./catalogue";
import { confirmCheckout, previewTotals, startCheckout } from "./checkout";
import { givesPro } from "./plan";
import { loadPrices } from "./prices";
import { currentSubscription, listSubscriptions, planForUser } from "./subscriptions";

const DEFAULT_PERIOD: BillingPeriod = "month";

/** A billing period as posted or asked for in the address; null for anything else. */
export function billingPeriodOf(value: unknown): BillingPeriod | null {
  return typeof value === "string" && (BILLING_PERIODS as readonly string[]).includes(value) ? (value as BillingPeriod) : null;
}

/** The page's data: the plans screen, or (`?success=1`) the screen that waits for the payment to make the plan Pro. */
export async function loadPaymentPage(request: Request, context: AppContext) {
  const { env, config } = context;
  const url = new URL(request.url);
  const locale = getLocale(request);
  const returning = url.searchParams.get("success") === "1";
  // Visitors see the plans and prices (decision 0020); choosing one asks them to sign in, then brings them back to
  // the same plan. Only the return from checkout needs an account.
  const viewer = returning ? await requireUser(request, context) : await getViewer(request, context);
  // The whole users row, read once for this page (identity.ts viewerUserRow; the payment page reads D1, decision 0039).
  const user = viewer.kind === "user" ? await viewerUserRow(request, context) : null;
  if (viewer.kind === "user" && !user) throw new AppError("auth/profile-unavailable");

  if (returning && user && viewer.kind === "user") {
    // Back from checkout. With Stripe, read the session now rather than wait for the webhook.
    const sessionId = url.searchParams.get("session_id");
    if (sessionId && viewer.plan !== "pro") await confirmCheckout(env, config, user, sessionId);
    const fresh = (await findUser(env, user.id)) ?? user;
    const at = now();
    const plan = await planForUser(env, fresh, at);
    const current = currentSubscription(await listSubscriptions(env, user.id), at);
    return {
      view: "success" as const,
      title: await pageTitle(request, "billing", "success.title"),
      plan,
      subscriptionId: current?.id ?? null,
    };
  }

  const title = await pageTitle(request, "billing", "title");
  const period = billingPeriodOf(url.searchParams.get("period")) ?? DEFAULT_PERIOD;
  const at = now();
  const current = user ? currentSubscription(await listSubscriptions(env, user.id), at) : null;
  const active =
    current && givesPro(current, at)
      ? {
          cancelling: current.cancelAtPeriodEnd,
          date: formatInstant(current.currentPeriodEnd, locale),
        }
      : null;
  const page = { view: "plans" as const, title, mode: config.billing.mode, period, active, visitor: !user };
  let prices;
  try {
    prices = await loadPrices(config);
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Prices unavailable (Stripe unreachable or misconfigured): the page still shows, with the reason and no plans.
    return { ...page, error: error.code, options: [], summary: null };
  }
  const saving = yearlySavingPercent(prices);
  const chosen = prices[period];
  const totals = await previewTotals(config, chosen, user?.stripeCustomerId ?? null);
  return {
    ...page,
    error: null,
    options: BILLING_PERIODS.map((option) => ({
      period: option,
      price: formatMoney(prices[option].unitAmount, prices[option].currency, locale),
      saving: option === "year" ? saving : null,
    })),
    summary: {
      subtotal: formatMoney(totals.subtotal, totals.currency, locale),
      tax: totals.tax === null ? null : formatMoney(totals.tax, totals.currency, locale),
      total: formatMoney(totals.total, totals.currency, locale),
      currency: totals.currency.toUpperCase(),
    },
  };
}

/** The checkout form (intent "checkout" and a period) of the signed-in user: the address of the checkout to go to. */
export async function checkoutFromForm(request: Request, context: AppContext): Promise<string> {
  const form = await readForm(request);
  const { user } = await requireUserRow(request, context);
  if (form.get("intent") !== "checkout") throw new AppError("request/invalid");
  const period = billingPeriodOf(form.get("period"));
  if (!period) throw new AppError("request/invalid");
  const prices = await loadPrices(context.config);
  return startCheckout(context.env, context.config, {
    user,
    price: prices[period],
    origin: publicOrigin(request, context),
    locale: getLocale(request),
  });
}
