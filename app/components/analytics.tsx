import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
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

/** SPEC §2: every navigation is reported as a page_view event carrying the page path. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackEvent({ name: "page_view", path: pathname });
  }, [pathname]);
  return null;
}
