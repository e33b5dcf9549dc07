// First: zod must be told not to probe eval before any route module builds a schema (app/lib/zod-config.ts).
import "./lib/zod-config";
import { data as withInit, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import type { ReactNode } from "react";
import { loadRootData } from "./.server/root-data";
import { PageViewTracker } from "./components/analytics";
import { AuthDialogHost } from "./components/auth/auth-dialog-host";
import { AuthSync } from "./components/auth/auth-sync";
import { StateSync } from "./components/state-sync";
import { BillingDialogs } from "./components/billing/billing-dialogs";
import { RouteErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./components/nonce";
import { useRootData } from "./components/root-data";
import { PreferenceSyncScript } from "./components/preferences";
import { StringsPreloads } from "./components/strings-preloads";
import { LoadingOverlay, OrientationWarning } from "./components/pwa/screen-overlays";
import { ServiceWorkerHost } from "./components/pwa/service-worker-host";
import { Toaster } from "./components/toaster";
import { WhatsAppDialog } from "./components/whatsapp/whatsapp-dialog";
import { THEME_COLOR, type Locale, type Theme } from "./lib/constants";
import type { SidebarState } from "./lib/cookies";
import { SHELL_NAMESPACES } from "./lib/i18n";
import { titleMeta } from "./lib/meta";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/** Pages without a meta of their own get the brand title and the SEO tags. */
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { data, headers } = await loadRootData(request, context);
  return withInit(data, { headers });
}

export const handle = { i18n: SHELL_NAMESPACES };

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const locale: Locale = data?.locale ?? "en";
  const theme: Theme = data?.theme ?? "light";
  const sidebar: SidebarState = data?.sidebar ?? "open";
  return (
    <html lang={locale} dir="ltr" className={theme === "dark" ? "dark" : undefined} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR[theme]} />
        <PreferenceSyncScript nonce={nonce} locale={locale} theme={theme} sidebar={sidebar} adopt={data?.urlLocale ? ["locale"] : []} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-background text-foreground antialiased">
        {children}
        <Toaster theme={theme} />
        <ScrollRestoration nonce={nonce} />
        {/* With the route's own scripts (Scripts' preloads): entry.client imports them before hydrating. */}
        <StringsPreloads files={data?.preloads.strings} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <PageViewTracker />
      <AuthSync />
      <StateSync />
      <BillingDialogs>
        <Outlet />
      </BillingDialogs>
      <LoadingOverlay />
      <OrientationWarning />
      <AuthDialogHost />
      <WhatsAppDialog />
      <ServiceWorkerHost />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}
