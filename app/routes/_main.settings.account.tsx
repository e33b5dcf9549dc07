import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";

export default function SettingsTab() {
  const { t } = useTranslation("settings");
  return (
    <section aria-labelledby="settings-tab-title">
      <h2 id="settings-tab-title" className="text-lg font-semibold">
        {t("account.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("account.description")}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
