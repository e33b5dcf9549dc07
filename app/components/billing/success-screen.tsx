// The payment page's return from checkout (/payment?success=1): its data comes from app/.server/billing/screen.ts.
import { useRevalidator } from "@remix-run/react";
import { Loader2, PartyPopper } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/ui/page-header";
import { showSubscriptionSuccessDialog } from "~/lib/ui-store";
import { useRootData } from "~/components/root-data";
import { BenefitsSection } from "./benefits-section";
import { NextStepLinks } from "./next-step-links";
import type { SuccessData } from "./payment-data";
import { Button } from "~/components/ui/button";

/** How long the success view waits for the payment to be confirmed before saying it is taking a while. */
const CONFIRM_WAIT_MS = 60_000;

/** Back from checkout: waits for the payment to make the plan Pro, then welcomes the person to it. */
export function SuccessScreen({ data }: { data: SuccessData }) {
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

  // docs/product.md §2: the subscription-success dialog opens once the plan is active (once per subscription, not per reload).
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
            <BenefitsSection />
            <NextStepLinks start={t("success.start")} manage={t("success.manage")} className="flex flex-wrap gap-2" />
          </>
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <p className="text-muted-foreground">{slow ? t("success.slow") : t("success.confirmingBody")}</p>
            {slow && (
              <div>
                <Button
                  type="button"
                  onClick={() => revalidator.revalidate()}
                  disabled={revalidator.state !== "idle"}
                  variant="outline"
                  size="md"
                  className="font-medium"
                >
                  {t("success.retry")}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
