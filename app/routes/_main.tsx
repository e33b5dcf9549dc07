import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { pageThreads } from "~/.server/chat/threads";
import { getViewer } from "~/.server/identity";
import { RouteErrorBoundary } from "~/components/error-boundary";
import { JobWatcherHost } from "~/components/images/job-watcher-host";
import { MobileDrawer } from "~/components/layout/mobile-drawer";
import { SidebarContent } from "~/components/layout/sidebar";

/** The main layout of SPEC §2: chat, tool, gallery, settings and payment screens sit inside it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  const empty = { threads: [], nextCursor: null };
  const [all, starred] = viewer.accountId
    ? await Promise.all([pageThreads(context.env, viewer.accountId, {}), pageThreads(context.env, viewer.accountId, { starredOnly: true })])
    : [empty, empty];
  return { history: { all, starred }, now: Date.now() };
}

/**
 * History changes only through actions (sending, renaming, starring, signing in or out) and the chat's own
 * revalidation when an answer ends; a plain link to another screen need not run its two queries again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
};

export default function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {t("nav.skipToContent")}
      </a>
      <aside className="sticky top-0 hidden h-dvh w-72 shrink-0 border-r bg-sidebar md:block">
        <SidebarContent />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-2 border-b px-3 py-2 md:hidden">
          <MobileDrawer />
          <Link to="/web-main" className="font-semibold">
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
