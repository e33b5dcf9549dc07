// What the root route gives every page: language, theme, sidebar state, the signed-in user's public profile, the
// sign-in providers and the SEO data, plus the cookies the request needs set. Here rather than in root.tsx so the
// components that read it (useRootData in components/root-data.ts) do not import the root route that renders them.
import type { AppContext } from "./context";
import { configuredProviders } from "./auth/oidc";
import { clearSessionCookie } from "./auth/session";
import { publicOrigin } from "./http/auth";
import { getLocale, localeFromUrl, resources } from "./i18n";
import { getViewer } from "./identity";
import { clientPreloads } from "./client-modules";
import { localeFromCookie, preferenceCookie, sidebarFromCookie, themeFromCookie } from "../lib/cookies";
import type { SeoData } from "../lib/meta";

export async function loadRootData(request: Request, context: AppContext) {
  const cookie = request.headers.get("Cookie");
  const viewer = await getViewer(request, context);
  const authError = viewer.kind === "guest" ? (viewer.authError ?? null) : null;
  // A session that is over (expired, revoked, account disabled or being deleted): its cookie goes, so the notice is shown once.
  const sessionEnded = authError === "auth/user-token-expired" || authError === "auth/user-disabled" || authError === "account/deleted";
  const locale = getLocale(request);
  const urlLocale = localeFromUrl(request);
  const seo: SeoData = { origin: publicOrigin(request, context), urlLocale, descriptions: resources[locale].seo };
  const headers = new Headers();
  if (sessionEnded) headers.append("Set-Cookie", clearSessionCookie(request));
  // A session cookie of the old format, moved into the account's object: the browser gets the new one (decision 0039).
  if (viewer.kind === "user" && viewer.setCookie) headers.append("Set-Cookie", viewer.setCookie);
  // Arriving by a language's address makes that language the visitor's choice, as the switcher would.
  if (urlLocale && urlLocale !== localeFromCookie(cookie)) headers.append("Set-Cookie", preferenceCookie("locale", urlLocale));
  const data = {
    locale,
    /** The language came from ?lng= (an hreflang address): the page adopts it as the stored choice. */
    urlLocale,
    seo,
    theme: themeFromCookie(cookie),
    /** Desktop history sidebar open or closed on this device (rendered that way, so it never flashes). */
    sidebar: sidebarFromCookie(cookie),
    /** The signed-in user's public profile (name, photo, plan), or null for a visitor. */
    user: viewer.kind === "user" ? viewer.user : null,
    /** docs/product.md §4: set when a session existed but its profile could not be loaded (shown once as a toast). */
    authError,
    /** Scripts entry.client imports before hydrating: the layout preloads the strings, a list of answers the renderer. */
    preloads: clientPreloads(locale),
    /** Sign-in buttons appear only for configured providers. */
    providers: configuredProviders(context.config),
    /** docs/product.md §4: this Free user has not yet been shown the Pro dialog after signing in. */
    paywallDue: viewer.kind === "user" && viewer.paywallDue,
  };
  return { data, headers };
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>["data"];
