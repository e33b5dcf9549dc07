import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getLocale } from "~/.server/i18n";
import { OFFLINE_PAGE_CSP, offlinePageHtml } from "~/.server/pwa/offline-page";

/**
 * The offline page in the request's language (`?lng=en|tr`, else the locale cookie); the service worker keeps
 * both languages from install on and shows one when a navigation finds no network.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(offlinePageHtml(getLocale(request)), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": OFFLINE_PAGE_CSP,
      // The worker fetches it fresh at each install (a new build may change it); nothing else should keep it.
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
