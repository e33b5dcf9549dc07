import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { OptionList, ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { TATTOO_THEMES } from "~/lib/tools";
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, "tools", "tattoo-generator.title") };
}

export const meta = titleMeta;

export default function Screen() {
  const { t } = useTranslation("tools");
  return (
    <ToolScreen tool="tattoo-generator">
      <OptionList label={t("tattoo-generator.themesLabel")} items={TATTOO_THEMES.map((key) => ({ key, name: t(`tattoo-generator.themes.${key}`) }))} />
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
