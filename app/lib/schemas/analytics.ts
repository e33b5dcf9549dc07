import * as z from "zod";

/** A page path as the router has it (docs/product.md §2: page_view carries the page path): no query, no fragment. */
export const pagePathSchema = z
  .string()
  .max(2048)
  .regex(/^\/[^?#\s]*$/, "a page path");

/**
 * The analytics catalogue: every event the product records, each with exactly its own fields. An unknown name, an
 * extra field or an oversized value fails here and is never stored.
 */
export const analyticsEventSchema = z.discriminatedUnion("name", [
  /** docs/product.md §2: every navigation, with the page's path. Sent by the browser (app/components/analytics.tsx). */
  z.strictObject({ name: z.literal("page_view"), path: pagePathSchema }),
  /**
   * docs/product.md §4: the after-sign-in Pro dialog was shown. Recorded by the server, once per user, when the browser posts
   * /api/billing/paywall-seen (app/.server/billing/paywall.ts).
   */
  z.strictObject({ name: z.literal("after_login_paywall_seen"), path: pagePathSchema.optional() }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
export type AnalyticsEventName = AnalyticsEvent["name"];

/** POST /api/billing/paywall-seen: the page the dialog was shown on, if any. */
export const paywallSeenSchema = z.strictObject({ path: pagePathSchema.optional() });

/**
 * Events the browser may post to /api/analytics. The others are the server's to record: accepting them from the
 * browser would let anyone log a paywall view that never happened, as often as they like.
 */
export const BROWSER_EVENT_NAMES = ["page_view"] as const satisfies readonly AnalyticsEventName[];
export type BrowserAnalyticsEvent = Extract<AnalyticsEvent, { name: (typeof BROWSER_EVENT_NAMES)[number] }>;

export function isBrowserEventName(name: unknown): name is BrowserAnalyticsEvent["name"] {
  return (BROWSER_EVENT_NAMES as readonly unknown[]).includes(name);
}

export function isBrowserEvent(event: AnalyticsEvent): event is BrowserAnalyticsEvent {
  return isBrowserEventName(event.name);
}
