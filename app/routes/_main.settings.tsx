import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/.server/http/auth";
import { pageTitle } from "~/.server/page";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { titleMeta } from "~/lib/meta";

export const handle = routeStrings("settings", "auth");

const SETTINGS_TABS = ["account", "login-connection", "my-plan", "memory", "notifications"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { title: await pageTitle(request, "settings", "title") };
}

export const meta = titleMeta;

/** docs/product.md §2: settings with its tabs (Account, Login Connection, My Plan, and Memory from decision 0027), each its own URL. */
export default function SettingsLayout() {
  const { t } = useTranslation("settings");
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={t("title")} icon={<Settings className="size-5" aria-hidden />} />
      <nav aria-label={t("tabsLabel")} className="border-b px-4 md:px-8">
        {/* Wraps rather than scrolls: on a phone every tab stays in sight, however many there are and however long
            their names run in Turkish (a scrolled-away tab gave no sign it was there). */}
        <ul className="flex flex-wrap gap-x-1">
          {SETTINGS_TABS.map((tab) => (
            <li key={tab}>
              <NavLink
                to={`/settings/${tab}`}
                className={({ isActive }) =>
                  `inline-block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm ${
                    isActive ? "border-primary font-medium text-foreground" : "border-transparent text-muted-foreground hover:text-foreground"
                  }`
                }
              >
                {t(`tabs.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-6 md:px-8">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
