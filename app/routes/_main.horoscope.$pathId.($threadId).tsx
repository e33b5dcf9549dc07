import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ToolIcon } from "~/components/layout/tool-icon";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/lib/meta";
import { HOROSCOPE_TYPES, type HoroscopeType } from "~/lib/tools";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const type = params.pathId as HoroscopeType;
  if (!HOROSCOPE_TYPES.includes(type)) throw new Response(null, { status: 404 });
  return { type, title: await pageTitle(request, "tools", `horoscope.types.${type}.title`) };
}

export const meta = titleMeta;

export default function HoroscopeScreen() {
  const { type } = useLoaderData<typeof loader>();
  const { t } = useTranslation("tools");
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader
        title={t(`horoscope.types.${type}.title`)}
        description={t(`horoscope.types.${type}.description`)}
        icon={<ToolIcon tool="horoscope" className="size-5" />}
        actions={
          <Link to="/horoscope" className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
            <ArrowLeft className="size-4" aria-hidden />
            {t("horoscope.typesLabel")}
          </Link>
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
