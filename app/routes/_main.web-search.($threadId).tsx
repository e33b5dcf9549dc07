import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { OptionList, ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { SEARCH_CATEGORIES } from "~/lib/tools";
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, "tools", "web-search.title") };
}

export const meta = titleMeta;

export default function Screen() {
  const { t } = useTranslation("tools");
  return (
    <ToolScreen tool="web-search">
      <OptionList label={t("web-search.categoriesLabel")} items={SEARCH_CATEGORIES.map((key) => ({ key, name: t(`web-search.categories.${key}`) }))} />
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
