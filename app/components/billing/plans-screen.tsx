// The payment page's plans screen (/payment): its data comes from app/.server/billing/screen.ts.
import { Form, Link, useActionData, useNavigation, useSubmit } from "@remix-run/react";
import { BadgeCheck, Crown, Loader2 } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { ErrorBody } from "~/lib/error-body";
import { FormAlert } from "~/components/auth/fields";
import { PageHeader } from "~/components/ui/page-header";
import { TitledSection } from "~/components/ui/titled-section";
import { openAuthDialog } from "~/lib/auth-dialog";
import { notify } from "~/lib/toast";
import { BenefitsSection } from "./benefits-section";
import type { PlansData } from "./payment-data";
import { Button } from "~/components/ui/button";

/** The plans: Pro's benefits, the billing periods with their prices, the order summary and the way to checkout. */
export function PlansScreen({ data }: { data: PlansData }) {
  const { t } = useTranslation("billing");
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<ErrorBody>();
  const error = actionData?.error.code ?? null;
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
          <BenefitsSection />
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
                  <Button type="submit" variant="outline" size="sm" className="mt-2">
                    {t("choose")}
                  </Button>
                </noscript>
              </Form>
            )}
            {data.summary && <OrderSummary period={data.period} summary={data.summary} />}
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
                <Button type="submit" disabled={!canCheckout || checkingOut} aria-busy={checkingOut || undefined} variant="primary" size="lg">
                  {checkingOut && <Loader2 className="size-4 animate-spin" aria-hidden />}
                  {data.mode === "demo" ? t("checkout.demoButton") : t("checkout.button")}
                </Button>
                {data.mode === "stripe" && <p className="text-xs text-muted-foreground">{t("checkout.note")}</p>}
              </Form>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** What the chosen period costs: subtotal, tax (or "at checkout" when only Stripe can say) and total. */
function OrderSummary({ period, summary }: { period: PlansData["period"]; summary: NonNullable<PlansData["summary"]> }) {
  const { t } = useTranslation("billing");
  return (
    <TitledSection id="summary-title" title={t("summary.title")} className="rounded-lg border p-4" headingClassName="mb-2 font-medium">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="order-summary">
        <dt className="text-muted-foreground">{t("summary.plan")}</dt>
        <dd>{t(`periods.${period}`)}</dd>
        <dt className="text-muted-foreground">{t("summary.subtotal")}</dt>
        <dd>{summary.subtotal}</dd>
        <dt className="text-muted-foreground">{t("summary.tax")}</dt>
        <dd>{summary.tax ?? t("summary.taxAtCheckout")}</dd>
        <dt className="border-t pt-1.5 font-medium">{t("summary.total")}</dt>
        <dd className="border-t pt-1.5 font-semibold">{summary.total}</dd>
        <dt className="text-muted-foreground">{t("summary.currency")}</dt>
        <dd>{summary.currency}</dd>
      </dl>
    </TitledSection>
  );
}
