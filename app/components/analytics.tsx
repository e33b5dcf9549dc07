import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { BrowserAnalyticsEvent } from "~/lib/schemas/analytics";

/**
 * Sends an analytics event without holding up the page (keepalive survives navigation and unload). Only events of
 * the catalogue (app/lib/schemas/analytics.ts) that the browser sends are accepted; the server refuses the rest.
 */
export function trackEvent(event: BrowserAnalyticsEvent) {
  try {
    void fetch("/api/analytics", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(event),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => undefined);
  } catch {
    // Analytics must never break the product.
  }
}

/**
 * docs/product.md §2: every navigation is reported once as a page_view event carrying the page path — also one that changes
 * only the query (a gallery page, a billing period). The path is sent without its query (it can hold ids or tokens);
 * the server adds who is signed in from the session.
 */
export function PageViewTracker() {
  const { pathname, key } = useLocation();
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === key) return;
    reported.current = key;
    trackEvent({ name: "page_view", path: pathname });
  }, [pathname, key]);
  return null;
}
