// First: zod must be told not to probe eval before any route module builds a schema (app/lib/zod-config.ts).
import "./lib/zod-config";
import { data as withInit, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { configuredProviders } from "./.server/auth/oidc";
import { publicOrigin } from "./.server/http/auth";
import { clearSessionCookie } from "./.server/auth/session";
import { getLocale, localeFromUrl, resources } from "./.server/i18n";
import { getViewer } from "./.server/identity";
import { PageViewTracker } from "./components/analytics";
import { AuthDialogHost } from "./components/auth/auth-dialog-host";
import { AuthSync } from "./components/auth/auth-sync";
import { StateSync } from "./components/state-sync";
import { BillingDialogs } from "./components/billing/billing-dialogs";
import { RouteErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./components/nonce";
import { PreferenceSyncScript } from "./components/preferences";
import { LoadingOverlay, OrientationWarning } from "./components/pwa/screen-overlays";
import { ServiceWorkerHost } from "./components/pwa/service-worker-host";
import { Toaster } from "./components/toaster";
import { WhatsAppDialog } from "./components/whatsapp/whatsapp-dialog";
import { THEME_COLOR, type Locale, type Theme } from "./lib/constants";
import { localeFromCookie, preferenceCookie, sidebarFromCookie, themeFromCookie, type SidebarState } from "./lib/cookies";
import { titleMeta, type SeoData } from "./lib/meta";
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
  const cookie = request.headers.get("Cookie");
  const viewer = await getViewer(request, context);
  const authError = viewer.kind === "guest" ? (viewer.authError ?? null) : null;
  // A session that is over (expired, revoked, account disabled): its cookie goes, so the notice is shown once.
  const sessionEnded = authError === "auth/user-token-expired" || authError === "auth/user-disabled";
  const locale = getLocale(request);
  const urlLocale = localeFromUrl(request);
  const seo: SeoData = { origin: publicOrigin(request, context), urlLocale, descriptions: resources[locale].common.seo };
  const headers = new Headers();
  if (sessionEnded) headers.append("Set-Cookie", clearSessionCookie(request));
  // Arriving by a language's address makes that language the visitor's choice, as the switcher would.
  if (urlLocale && urlLocale !== localeFromCookie(cookie)) headers.append("Set-Cookie", preferenceCookie("locale", urlLocale));
  return withInit({
    locale,
    /** The language came from ?lng= (an hreflang address): the page adopts it as the stored choice. */
    urlLocale,
    seo,
    theme: themeFromCookie(cookie),
    /** Desktop history sidebar open or closed on this device (rendered that way, so it never flashes). */
    sidebar: sidebarFromCookie(cookie),
    /** The signed-in user's public profile (name, photo, plan), or null for a visitor. */
    user: viewer.kind === "user" ? viewer.user : null,
    /** SPEC §4: set when a session existed but its profile could not be loaded (shown once as a toast). */
    authError,
    /** Sign-in buttons appear only for configured providers. */
    providers: configuredProviders(context.config),
    /** SPEC §4: this Free user has not yet been shown the Pro dialog after signing in. */
    paywallDue: viewer.kind === "user" && viewer.paywallDue,
  }, { headers });
}

export const handle = { i18n: ["common", "errors"] };

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
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

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
