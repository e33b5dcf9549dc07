import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { BadgeCheck, Crown, Loader2, PartyPopper } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { findUser } from "~/.server/auth/accounts";
import { failure, publicOrigin, requireUser, requireUserRow } from "~/.server/http/auth";
import { getViewer } from "~/.server/identity";
import { formatInstant, formatMoney, yearlySavingPercent } from "~/.server/billing/catalogue";
import { confirmCheckout, previewTotals, startCheckout } from "~/.server/billing/checkout";
import { givesPro } from "~/.server/billing/plan";
import { loadPrices } from "~/.server/billing/prices";
import { currentSubscription, listSubscriptions, planForUser } from "~/.server/billing/subscriptions";
import { now } from "~/.server/clock";
import { AppError, isAppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { getLocale } from "~/.server/i18n";
import { pageTitle } from "~/.server/page";
import { FormAlert } from "~/components/auth/fields";
import { ProBenefits } from "~/components/billing/pro-benefits";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { BILLING_PERIODS, type BillingPeriod } from "~/lib/constants";
import { titleMeta } from "~/lib/meta";
import { openAuthDialog } from "~/lib/auth-dialog";
import { notify } from "~/lib/toast";
import { showSubscriptionSuccessDialog } from "~/lib/ui-store";
import { useRootData } from "~/components/root-data";

const DEFAULT_PERIOD: BillingPeriod = "month";

function toPeriod(value: unknown): BillingPeriod | null {
  return typeof value === "string" && (BILLING_PERIODS as readonly string[]).includes(value) ? (value as BillingPeriod) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, config } = context;
  const url = new URL(request.url);
  const locale = getLocale(request);
  const returning = url.searchParams.get("success") === "1";
  // Visitors see the plans and prices (issue 17 item 14); choosing one asks them to sign in, then brings them back to
  // the same plan. Only the return from checkout needs an account.
  const viewer = returning ? await requireUser(request, context) : await getViewer(request, context);
  const user = viewer.kind === "user" ? await findUser(env, viewer.user.id) : null;
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
  const period = toPeriod(url.searchParams.get("period")) ?? DEFAULT_PERIOD;
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

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const form = await readForm(request);
    const { user } = await requireUserRow(request, context);
    if (form.get("intent") !== "checkout") throw new AppError("request/invalid");
    const period = toPeriod(form.get("period"));
    if (!period) throw new AppError("request/invalid");
    const prices = await loadPrices(context.config);
    const url = await startCheckout(context.env, context.config, {
      user,
      price: prices[period],
      origin: publicOrigin(request, context),
      locale: getLocale(request),
    });
    return redirect(url);
  } catch (error) {
    return failure(request, error);
  }
}

export const meta = titleMeta;

type PlansData = Extract<Awaited<ReturnType<typeof loader>>, { view: "plans" }>;
type SuccessData = Extract<Awaited<ReturnType<typeof loader>>, { view: "success" }>;

export default function Payment() {
  const data = useLoaderData<typeof loader>();
  return data.view === "success" ? <SuccessView data={data} /> : <PlansView data={data} />;
}

function Benefits() {
  const { t } = useTranslation("billing");
  return (
    <section aria-labelledby="benefits-title">
      <h2 id="benefits-title" className="mb-3 font-medium">
        {t("benefitsLabel")}
      </h2>
      <ProBenefits />
    </section>
  );
}

function PlansView({ data }: { data: PlansData }) {
  const { t } = useTranslation("billing");
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const error = actionData && "error" in actionData ? actionData.error : null;
  const checkingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "checkout";
  const canCheckout = data.mode !== "off" && !data.active && data.error === null;

  useEffect(() => {
    if (error) notify("error", t(`errors:${error}`));
  }, [error, t]);

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title={t("title")}
        description={t("description")}
        icon={<Crown className="size-5" aria-hidden />}
        actions={
          // Without Stripe keys the prices are the demo ones, labelled as such (also when payments are off).
          data.mode !== "stripe" ? (
            <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold uppercase text-amber-900" data-testid="demo-prices">
              {t("demo.badge")}
            </span>
          ) : undefined
        }
      />
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:px-8">
        {data.mode === "demo" && <p className="rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm">{t("demo.notice")}</p>}
        {data.mode === "off" && <FormAlert>{t("off")}</FormAlert>}
        {data.active && (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-accent/40 px-4 py-3">
            <BadgeCheck className="size-5 text-primary" aria-hidden />
            <div className="flex-1">
              <p className="font-medium">{t("active.title")}</p>
              <p className="text-sm text-muted-foreground">
                {t(data.active.cancelling ? "active.ends" : "active.renews", {
                  date: data.active.date,
                })}
              </p>
            </div>
            <Link to="/settings/my-plan" className="rounded-md border bg-background px-3 py-1.5 text-sm font-medium hover:bg-muted">
              {t("active.manage")}
            </Link>
          </div>
        )}
        <div className="grid gap-8 md:grid-cols-2">
          <Benefits />
          <div className="flex flex-col gap-5">
            {data.error ? (
              <FormAlert code={data.error} />
            ) : (
              <Form
                method="get"
                preventScrollReset
                replace
                onChange={(event) =>
                  submit(event.currentTarget, {
                    preventScrollReset: true,
                    replace: true,
                  })
                }
              >
                <fieldset>
                  <legend className="mb-3 font-medium">{t("periodsLabel")}</legend>
                  <div className="grid grid-cols-2 gap-2">
                    {data.options.map((option) => (
                      <label
                        key={option.period}
                        className="relative flex cursor-pointer flex-col gap-0.5 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                      >
                        <input type="radio" name="period" value={option.period} defaultChecked={option.period === data.period} className="sr-only" />
                        <span className="font-medium">{t(`periods.${option.period}`)}</span>
                        <span className="text-lg font-semibold">{option.price}</span>
                        <span className="text-xs text-muted-foreground">{t(`per.${option.period}`)}</span>
                        {option.saving !== null && (
                          <span className="absolute right-2 top-2 rounded-full bg-primary px-2 py-0.5 text-[10px] font-semibold text-primary-foreground">
                            {t("save", { percent: option.saving })}
                          </span>
                        )}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <noscript>
                  <button type="submit" className="mt-2 rounded-md border px-3 py-1.5 text-sm">
                    {t("choose")}
                  </button>
                </noscript>
              </Form>
            )}
            {data.summary && (
              <section aria-labelledby="summary-title" className="rounded-lg border p-4">
                <h2 id="summary-title" className="mb-2 font-medium">
                  {t("summary.title")}
                </h2>
                <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="order-summary">
                  <dt className="text-muted-foreground">{t("summary.plan")}</dt>
                  <dd>{t(`periods.${data.period}`)}</dd>
                  <dt className="text-muted-foreground">{t("summary.subtotal")}</dt>
                  <dd>{data.summary.subtotal}</dd>
                  <dt className="text-muted-foreground">{t("summary.tax")}</dt>
                  <dd>{data.summary.tax ?? t("summary.taxAtCheckout")}</dd>
                  <dt className="border-t pt-1.5 font-medium">{t("summary.total")}</dt>
                  <dd className="border-t pt-1.5 font-semibold">{data.summary.total}</dd>
                  <dt className="text-muted-foreground">{t("summary.currency")}</dt>
                  <dd>{data.summary.currency}</dd>
                </dl>
              </section>
            )}
            {error && <FormAlert code={error} />}
            {data.visitor ? (
              <div className="flex flex-col gap-2">
                <Link
                  to={`/auth/login?redirectTo=${encodeURIComponent(`/payment?period=${data.period}`)}`}
                  onClick={(event) => {
                    // The dialog comes back to this page with the chosen period still in the address.
                    event.preventDefault();
                    openAuthDialog("sign-in");
                  }}
                  aria-disabled={!canCheckout || undefined}
                  className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground hover:opacity-90"
                >
                  {t("visitor.signInToSubscribe")}
                </Link>
                <p className="text-xs text-muted-foreground">{t("visitor.note")}</p>
              </div>
            ) : (
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="intent" value="checkout" />
                <input type="hidden" name="period" value={data.period} />
                <button
                  type="submit"
                  disabled={!canCheckout || checkingOut}
                  aria-busy={checkingOut || undefined}
                  className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground hover:opacity-90 disabled:opacity-60"
                >
                  {checkingOut && <Loader2 className="size-4 animate-spin" aria-hidden />}
                  {data.mode === "demo" ? t("checkout.demoButton") : t("checkout.button")}
                </button>
                {data.mode === "stripe" && <p className="text-xs text-muted-foreground">{t("checkout.note")}</p>}
              </Form>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** How long the success view waits for the payment to be confirmed before saying it is taking a while. */
const CONFIRM_WAIT_MS = 60_000;

function SuccessView({ data }: { data: SuccessData }) {
  const { t } = useTranslation("billing");
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator);
  revalidate.current = revalidator;
  const rootPlan = useRootData()?.user?.accessLevel;
  const [slow, setSlow] = useState(false);
  const ready = data.plan === "pro";

  // Stripe's webhook can trail the redirect back here by a few seconds: look again until the plan is Pro.
  useEffect(() => {
    if (ready) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > CONFIRM_WAIT_MS) {
        setSlow(true);
        window.clearInterval(timer);
      } else if (revalidate.current.state === "idle") {
        revalidate.current.revalidate();
      }
    }, 2000);
    return () => window.clearInterval(timer);
  }, [ready]);

  // SPEC §2: the subscription-success dialog opens once the plan is active (once per subscription, not per reload).
  useEffect(() => {
    if (!ready) return;
    if (rootPlan !== "pro" && revalidate.current.state === "idle") revalidate.current.revalidate();
    const key = `subscription_success_shown:${data.subscriptionId ?? "pro"}`;
    try {
      // localStorage, shared by the tabs: the dialog shows once, in the tab that paid, not again in a new tab.
      if (window.localStorage.getItem(key)) return;
      window.localStorage.setItem(key, "1");
    } catch {
      // Without storage the dialog may show again on reload; harmless.
    }
    showSubscriptionSuccessDialog();
  }, [ready, rootPlan, data.subscriptionId]);

  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title={ready ? t("success.title") : t("success.confirming")}
        icon={ready ? <PartyPopper className="size-5" aria-hidden /> : <Loader2 className="size-5 animate-spin" aria-hidden />}
      />
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-8 md:px-8">
        {ready ? (
          <>
            <p>{t("success.body")}</p>
            <Benefits />
            <div className="flex flex-wrap gap-2">
              <Link to="/web-main" className="rounded-lg bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground">
                {t("success.start")}
              </Link>
              <Link to="/settings/my-plan" className="rounded-lg border px-4 py-2.5 text-sm font-medium hover:bg-muted">
                {t("success.manage")}
              </Link>
            </div>
          </>
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <p className="text-muted-foreground">{slow ? t("success.slow") : t("success.confirmingBody")}</p>
            {slow && (
              <div>
                <button
                  type="button"
                  onClick={() => revalidator.revalidate()}
                  disabled={revalidator.state !== "idle"}
                  className="rounded-md border px-4 py-2 text-sm font-medium hover:bg-muted disabled:opacity-60"
                >
                  {t("success.retry")}
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
