import { routeStrings } from "~/lib/i18n";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { historyPanel } from "~/.server/chat/threads";
import { now } from "~/.server/clock";
import { getViewer } from "~/.server/identity";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { JobWatcherHost } from "~/components/images/job-watcher-host";
import { MobileDrawer } from "~/components/layout/mobile-drawer";
import { SidebarContent } from "~/components/layout/sidebar";
import { SIDEBAR_ID, SidebarToggle, useDesktopSidebar } from "~/components/layout/sidebar-toggle";
import { timeZoneFromCookie } from "~/lib/cookies";

export const handle = routeStrings("chat");

/** The main layout of docs/product.md §2: chat, tool, gallery, settings and payment screens sit inside it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  const empty = { threads: [], nextCursor: null };
  // Both lists in one call to the account's own object (decision 0026).
  const { all, starred, projects } = viewer.accountId ? await historyPanel(context.env, viewer.accountId) : { all: empty, starred: empty, projects: [] };
  // The viewer's zone from the cookie the page writes (UTC until it has), so the server's groups match the browser's.
  // "Now" is the app's clock (real time in production; /dev/clock moves it locally, so grouping can be tried at any hour).
  // The sidebar lists projects above the history (decision 0038-projects), read in the same call.
  return { history: { all, starred }, projects, now: now(), timeZone: timeZoneFromCookie(request.headers.get("Cookie")) };
}

/**
 * History changes only through actions (sending, renaming, starring, signing in or out) and the chat's own
 * revalidation when an answer ends; a plain link to another screen need not read them again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
};

export default function MainLayout() {
  const { t } = useTranslation();
  const sidebar = useDesktopSidebar();
  return (
    <div className="flex min-h-dvh">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {t("nav.skipToContent")}
      </a>
      {/* Closed: display none (out of the tab order and the accessibility tree), still there for aria-controls. */}
      <aside
        id={SIDEBAR_ID}
        aria-label={t("sidebar.label")}
        className={`sticky top-0 hidden h-dvh w-72 shrink-0 border-r bg-sidebar ${sidebar.open ? "md:block" : ""}`}
      >
        <SidebarContent />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className={`flex items-center gap-2 border-b px-3 py-2 ${sidebar.open ? "md:border-b-0 md:py-1" : ""}`}>
          <div className="md:hidden">
            <MobileDrawer />
          </div>
          <SidebarToggle open={sidebar.open} onToggle={sidebar.toggle} />
          {/* On desktop the brand is in the sidebar; with the sidebar hidden it shows here instead. */}
          <Link to="/web-main" className={`font-semibold ${sidebar.open ? "md:hidden" : ""}`}>
            {t("brand")}
          </Link>
        </header>
        <main id="content" className="flex min-w-0 flex-1 flex-col">
          <Outlet />
        </main>
        <JobWatcherHost />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
