import { routeStrings } from "~/lib/i18n";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FlaskConical } from "lucide-react";
import { useTranslation } from "react-i18next";
import { pageAction, requireUser, requireUserRow } from "~/.server/http/auth";
import { DEMO_PRICES, formatMoney } from "~/.server/billing/catalogue";
import { billingPeriodOf } from "~/.server/billing/screen";
import { demoCheckoutEvents, deliverDemoEvents } from "~/.server/billing/demo";
import { givesPro } from "~/.server/billing/plan";
import { listSubscriptions } from "~/.server/billing/subscriptions";
import { now } from "~/.server/clock";
import type { AppConfig } from "~/.server/env";
import { AppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { getLocale } from "~/.server/i18n";
import { pageTitle } from "~/.server/page";
import { FormAlert, SubmitButton } from "~/components/auth/fields";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/lib/meta";

export const handle = routeStrings("billing");

/** Exists only in demo mode: with Stripe keys (or in production without them) this page is a 404. */
function demoOnly(config: AppConfig) {
  if (config.billing.mode !== "demo") throw new Response("Not Found", { status: 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  demoOnly(context.config);
  await requireUser(request, context);
  const period = billingPeriodOf(new URL(request.url).searchParams.get("period")) ?? "month";
  const price = DEMO_PRICES[period];
  return {
    title: await pageTitle(request, "billing", "demoCheckout.title"),
    period,
    total: formatMoney(price.unitAmount, price.currency, getLocale(request)),
    currency: price.currency.toUpperCase(),
  };
}

/**
 * "Pays" with the demo: the events Stripe would send for this checkout, signed with the local webhook secret, go to
 * our own /api/stripe/webhook, and the plan changes there. Then back to the success view, as Stripe's success_url.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  demoOnly(context.config);
  const form = await readForm(request);
  const { user } = await requireUserRow(request, context);
  const period = billingPeriodOf(form.get("period"));
  if (!period) throw new AppError("request/invalid");
  const at = now();
  const rows = await listSubscriptions(context.env, user.id);
  if (rows.some((row) => givesPro(row, at))) throw new AppError("billing/already-subscribed");
  const events = await demoCheckoutEvents(context.env, user, period, at);
  try {
    await deliverDemoEvents(context.env, context.config, events, at);
  } catch (cause) {
    console.error("billing: demo checkout delivery failed", cause instanceof Error ? cause.message : cause);
    throw new AppError("billing/checkout-failed", { cause });
  }
  return redirect("/payment?success=1");
});

export const meta = titleMeta;

export default function DemoCheckout() {
  const { t } = useTranslation("billing");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const error = actionData && !actionData.ok ? actionData.error.code : null;
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t("demoCheckout.title")} description={t("demoCheckout.description")} icon={<FlaskConical className="size-5" aria-hidden />} />
      <div className="mx-auto flex w-full max-w-md flex-col gap-5 px-4 py-8">
        <p className="rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm">{t("demo.notice")}</p>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 rounded-lg border p-4 text-sm">
          <dt className="text-muted-foreground">{t("summary.plan")}</dt>
          <dd>{t(`periods.${data.period}`)}</dd>
          <dt className="font-medium">{t("demoCheckout.total")}</dt>
          <dd className="font-semibold">
            {data.total} <span className="text-xs font-normal text-muted-foreground">{data.currency}</span>
          </dd>
        </dl>
        {error && <FormAlert code={error} />}
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="period" value={data.period} />
          <SubmitButton busy={navigation.state !== "idle"}>{t("demoCheckout.complete")}</SubmitButton>
          <Link to={`/payment?period=${data.period}`} className="rounded-md px-4 py-2 text-center text-sm text-muted-foreground hover:bg-muted">
            {t("demoCheckout.back")}
          </Link>
        </Form>
        <p className="text-xs text-muted-foreground">{t("demoCheckout.note")}</p>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
