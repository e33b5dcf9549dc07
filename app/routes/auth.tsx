import { routeStrings } from "~/lib/i18n";
import { Link, Outlet } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { LanguageSwitcher, ThemeToggle } from "~/components/preferences";

export const handle = routeStrings("auth");

/** The login-flow layout of docs/product.md §2: a focused card, no sidebar. */
export default function AuthLayout() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation("auth");
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="flex items-center justify-between px-4 py-3">
        <Link to="/web-main" className="inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden />
          {ta("backToApp")}
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 md:items-center">
        <div className="w-full max-w-md rounded-2xl border bg-card p-6 shadow-sm md:p-8">
          <Link to="/web-main" className="mb-6 flex items-center gap-2 text-lg font-semibold">
            <img src="/favicon.svg" alt="" className="size-7" />
            {t("brand")}
          </Link>
          <Outlet />
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
