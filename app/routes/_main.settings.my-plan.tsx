import { routeStrings } from "~/lib/i18n";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData } from "@remix-run/react";
import { CircleAlert, Crown, ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { pageAction, publicOrigin, requireUserRow } from "~/.server/http/auth";
import { formatInstant } from "~/.server/billing/catalogue";
import { billingPortalUrl, setCancelAtPeriodEnd } from "~/.server/billing/checkout";
import { accessEndsAt, givesPro, retriesExhausted, statusGivesPro } from "~/.server/billing/plan";
import { currentSubscription, listSubscriptions } from "~/.server/billing/subscriptions";
import { now } from "~/.server/clock";
import { AppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { getLocale } from "~/.server/i18n";
import { FormAlert, SubmitButton } from "~/components/auth/fields";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { SettingsTab } from "~/components/settings/section";
import type { BillingPeriod } from "~/lib/constants";
import { notify } from "~/lib/toast";
import { Button } from "~/components/ui/button";

export const handle = routeStrings("billing");

const KNOWN_STATUSES = ["active", "trialing", "past_due", "unpaid", "canceled", "incomplete", "incomplete_expired", "paused"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireUserRow(request, context);
  const { env, config } = context;
  const locale = getLocale(request);
  const at = now();
  const rows = await listSubscriptions(env, viewer.user.id);
  const current = currentSubscription(rows, at);
  const pro = viewer.plan === "pro";
  const subscription =
    current && givesPro(current, at)
      ? {
          period: current.billingPeriod as BillingPeriod,
          status: KNOWN_STATUSES.includes(current.status) ? current.status : "active",
          cancelling: current.cancelAtPeriodEnd,
          date: formatInstant(current.currentPeriodEnd, locale),
          dateTime: new Date(current.currentPeriodEnd).toISOString(),
          paymentIssue:
            current.status === "past_due" || current.paymentFailedAt !== null
              ? { retryDate: current.nextPaymentAttemptAt ? formatInstant(current.nextPaymentAttemptAt, locale) : null, final: retriesExhausted(current) }
              : null,
        }
      : null;
  // A period that ran out ended at its end; a subscription Stripe stopped (canceled, unpaid) ended when we heard.
  const ended =
    !subscription && current
      ? formatInstant(statusGivesPro(current) ? accessEndsAt(current) : Math.min(current.updatedAt, accessEndsAt(current)), locale)
      : null;
  return {
    plan: pro ? ("pro" as const) : ("free" as const),
    subscription,
    ended,
    freeDaily: config.credits.freeDaily,
    mode: config.billing.mode,
    portal: config.billing.mode === "stripe" && Boolean(user.stripeCustomerId),
  };
}

type Notice = "cancelled" | "resumed";

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const intent = (await readForm(request)).get("intent");
  const { user } = await requireUserRow(request, context);
  switch (intent) {
    case "cancel":
    case "resume":
      await setCancelAtPeriodEnd(context.env, context.config, { user, cancel: intent === "cancel" });
      return data({ ok: true as const, notice: (intent === "cancel" ? "cancelled" : "resumed") satisfies Notice });
    case "portal":
      return redirect(
        await billingPortalUrl(context.config, {
          customerId: user.stripeCustomerId,
          returnUrl: `${publicOrigin(request, context)}/settings/my-plan`,
          locale: getLocale(request),
        }),
      );
    default:
      throw new AppError("request/invalid");
  }
});

function CancelOrResume({ cancelling, date }: { cancelling: boolean; date: string }) {
  const { t } = useTranslation("billing");
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const result = fetcher.data;
  const error = result && !result.ok ? result.error.code : null;

  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      notify("success", t(`myPlan.${result.notice}`));
      setConfirming(false);
    } else {
      notify("error", t(`errors:${result.error.code}`));
    }
  }, [result, t]);

  if (cancelling) {
    return (
      <fetcher.Form method="post" className="flex flex-col items-start gap-2">
        <p className="text-sm text-muted-foreground">{t("myPlan.resumeHint", { date })}</p>
        {error && <FormAlert code={error} />}
        <SubmitButton busy={fetcher.state !== "idle"} name="intent" value="resume">
          {t("myPlan.resume")}
        </SubmitButton>
      </fetcher.Form>
    );
  }
  if (!confirming) {
    return (
      <div className="flex flex-col items-start gap-2">
        {error && <FormAlert code={error} />}
        <Button type="button" onClick={() => setConfirming(true)} variant="outline" size="md" className="font-medium">
          {t("myPlan.cancel")}
        </Button>
      </div>
    );
  }
  return (
    <fetcher.Form method="post" className="flex flex-col items-start gap-2 rounded-lg border border-danger/40 bg-danger/5 p-3" aria-live="polite">
      <p className="text-sm">{t("myPlan.cancelConfirm", { date })}</p>
      {error && <FormAlert code={error} />}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={fetcher.state !== "idle"} name="intent" value="cancel" variant="danger">
          {t("myPlan.cancelYes")}
        </SubmitButton>
        <Button type="button" onClick={() => setConfirming(false)} variant="secondary" size="md">
          {t("myPlan.keep")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export default function MyPlanTab() {
  const { t } = useTranslation("settings");
  const { t: tb } = useTranslation("billing");
  const { plan, subscription, ended, freeDaily, mode, portal } = useLoaderData<typeof loader>();

  return (
    <SettingsTab title={t("my-plan.title")} description={t("my-plan.description")} className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border p-4">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-accent text-primary">
            <Crown className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-xs text-muted-foreground">{tb("myPlan.current")}</p>
            <p className="text-lg font-semibold" data-testid="current-plan">
              {tb(plan === "pro" ? "myPlan.pro" : "myPlan.free")}
            </p>
          </div>
        </div>

        {subscription ? (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">{tb("myPlan.period")}</dt>
              <dd data-testid="billing-period">{tb(`periods.${subscription.period}`)}</dd>
              <dt className="text-muted-foreground">{tb("myPlan.status")}</dt>
              <dd>{tb(`myPlan.statuses.${subscription.status}`)}</dd>
              <dt className="text-muted-foreground">{tb(subscription.cancelling ? "myPlan.endsOn" : "myPlan.renewsOn")}</dt>
              <dd>
                <time dateTime={subscription.dateTime} data-testid="plan-date">
                  {subscription.date}
                </time>
              </dd>
            </dl>
            {subscription.cancelling && (
              <p className="rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm">
                {tb("myPlan.cancelledNotice", { date: subscription.date })}
              </p>
            )}
            {subscription.paymentIssue && (
              <p role="alert" className="flex items-start gap-2 rounded-md border border-danger/40 bg-danger/5 px-3 py-2 text-sm text-danger">
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                {subscription.paymentIssue.retryDate && !subscription.paymentIssue.final
                  ? tb("myPlan.paymentFailed", { date: subscription.paymentIssue.retryDate })
                  : tb("myPlan.paymentFailedFinal")}
              </p>
            )}
            <CancelOrResume cancelling={subscription.cancelling} date={subscription.date} />
          </>
        ) : (
          <div className="flex flex-col items-start gap-3">
            {ended && <p className="text-sm text-muted-foreground">{tb("myPlan.ended", { date: ended })}</p>}
            {plan === "free" && <p className="text-sm">{tb("myPlan.freeBody", { count: freeDaily })}</p>}
            {plan === "free" && (
              <Link to="/payment" className="rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground">
                {tb("myPlan.upgrade")}
              </Link>
            )}
          </div>
        )}
      </div>

      {(portal || mode === "demo") && (
        <div className="flex flex-col gap-2 rounded-lg border p-4">
          <h3 className="font-medium">{tb("myPlan.portal")}</h3>
          {portal ? (
            <Form method="post" className="flex flex-col items-start gap-2">
              <p className="text-sm text-muted-foreground">{tb("myPlan.portalHint")}</p>
              <Button type="submit" name="intent" value="portal" variant="outline" size="md" className="font-medium">
                {tb("myPlan.portalButton")}
                <ExternalLink className="size-4" aria-hidden />
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground">{tb("myPlan.demoPortal")}</p>
          )}
        </div>
      )}
    </SettingsTab>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
