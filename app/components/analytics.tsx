import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/** Sends an analytics event without holding up the page (keepalive survives navigation and unload). */
export function trackEvent(name: string, data: { path?: string; props?: Record<string, string | number | boolean> } = {}) {
  try {
    void fetch("/api/analytics", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name, ...data }),
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
    trackEvent("page_view", { path: pathname });
  }, [pathname]);
  return null;
}
