import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { HOROSCOPE_TYPES } from "~/lib/tools";

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, "tools", "horoscope.title") };
}

export const meta = titleMeta;

/** SPEC §2: the horoscope requires choosing a type first. */
export default function HoroscopeTypes() {
  const { t } = useTranslation("tools");
  return (
    <ToolScreen tool="horoscope">
      <h2 className="mb-3 text-sm font-medium text-muted-foreground">{t("horoscope.typesLabel")}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {HOROSCOPE_TYPES.map((type) => (
          <li key={type}>
            <Link to={`/horoscope/${type}`} className="block h-full rounded-xl border p-4 hover:border-primary hover:bg-accent/40">
              <span className="block font-medium">{t(`horoscope.types.${type}.title`)}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{t(`horoscope.types.${type}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
