import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Check, Crown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/.server/auth/http";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { BILLING_PERIODS } from "~/lib/constants";
import { titleMeta } from "~/lib/meta";

const BENEFITS = ["models", "tools", "whatsapp"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Signed-in users only: visitors sign in first and come back here.
  await requireUser(request, context);
  return { title: await pageTitle(request, "billing", "title") };
}

export const meta = titleMeta;

export default function Payment() {
  const { t } = useTranslation("billing");
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t("title")} description={t("description")} icon={<Crown className="size-5" aria-hidden />} />
      <div className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-6 md:grid-cols-2 md:px-8">
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="mb-3 font-medium">
            {t("benefitsLabel")}
          </h2>
          <ul className="flex flex-col gap-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-2 text-sm">
                <Check className="size-4 text-primary" aria-hidden />
                {t(`benefits.${benefit}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="periods-title">
          <h2 id="periods-title" className="mb-3 font-medium">
            {t("periodsLabel")}
          </h2>
          <ul className="grid grid-cols-2 gap-2">
            {BILLING_PERIODS.map((period) => (
              <li key={period} className="rounded-lg border p-3 text-sm font-medium">
                {t(`periods.${period}`)}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
