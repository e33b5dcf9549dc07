import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useTranslation } from "react-i18next";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { OptionList, ToolScreen } from "~/components/tools/tool-screen";
import { titleMeta } from "~/lib/meta";
import { LOGO_STYLES } from "~/lib/tools";
export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, "tools", "logo-maker.title") };
}

export const meta = titleMeta;

export default function Screen() {
  const { t } = useTranslation("tools");
  return (
    <ToolScreen tool="logo-maker">
      <OptionList label={t("logo-maker.stylesLabel")} items={LOGO_STYLES.map((key) => ({ key, name: t(`logo-maker.styles.${key}`) }))} />
    </ToolScreen>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
