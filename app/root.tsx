// First: zod must be told not to probe eval before any route module builds a schema (app/lib/zod-config.ts).
import "./lib/zod-config";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { configuredProviders } from "./.server/auth/oidc";
import { clearSessionCookie } from "./.server/auth/session";
import { getLocale } from "./.server/i18n";
import { getViewer } from "./.server/identity";
import { PageViewTracker } from "./components/analytics";
import { AuthDialogHost } from "./components/auth/auth-dialog-host";
import { AuthSync } from "./components/auth/auth-sync";
import { BillingDialogs } from "./components/billing/billing-dialogs";
import { RouteErrorBoundary } from "./components/error-boundary";
import { useNonce } from "./components/nonce";
import { PreferenceSyncScript } from "./components/preferences";
import { LoadingOverlay, OrientationWarning } from "./components/pwa/screen-overlays";
import { Toaster } from "./components/toaster";
import { WhatsAppDialog } from "./components/whatsapp/whatsapp-dialog";
import { THEME_COLOR, type Locale, type Theme } from "./lib/constants";
import { themeFromCookie } from "./lib/cookies";
import stylesheet from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export const meta: MetaFunction = () => [{ title: "Nova Assistant" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cookie = request.headers.get("Cookie");
  const viewer = await getViewer(request, context);
  const authError = viewer.kind === "guest" ? (viewer.authError ?? null) : null;
  // A session that is over (expired, revoked, account disabled): its cookie goes, so the notice is shown once.
  const sessionEnded = authError === "auth/user-token-expired" || authError === "auth/user-disabled";
  return data({
    locale: getLocale(request),
    theme: themeFromCookie(cookie),
    /** The signed-in user's public profile (name, photo, plan), or null for a visitor. */
    user: viewer.kind === "user" ? viewer.user : null,
    /** SPEC §4: set when a session existed but its profile could not be loaded (shown once as a toast). */
    authError,
    /** Sign-in buttons appear only for configured providers. */
    providers: configuredProviders(context.config),
    /** SPEC §4: this Free user has not yet been shown the Pro dialog after signing in. */
    paywallDue: viewer.kind === "user" && viewer.paywallDue,
  }, sessionEnded ? { headers: { "Set-Cookie": clearSessionCookie(request) } } : undefined);
}

export const handle = { i18n: ["common", "errors"] };

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale: Locale = data?.locale ?? "en";
  const theme: Theme = data?.theme ?? "light";
  return (
    <html lang={locale} dir="ltr" className={theme === "dark" ? "dark" : undefined} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR[theme]} />
        <PreferenceSyncScript nonce={nonce} locale={locale} theme={theme} />
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
      <BillingDialogs>
        <Outlet />
      </BillingDialogs>
      <LoadingOverlay />
      <OrientationWarning />
      <AuthDialogHost />
      <WhatsAppDialog />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary fullPage />;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}
