// Analytics: the catalogue (app/lib/schemas/analytics.ts) decides what is stored. What the browser posts is limited
// before it is read (size, then a per-client rate), checked against the catalogue, and dropped with a 4xx when it
// fails any of it, so a client can neither store an event of its own making nor flood the table.
import { analyticsEventSchema, isBrowserEvent, isBrowserEventName, type AnalyticsEvent, type BrowserAnalyticsEvent } from "../../lib/schemas/analytics";
import { clientAddress } from "../auth/throttle";
import { addressBucket } from "../credits/address";
import { getDb, schema } from "../db";
import { readJson } from "../http/request";
import type { AppEnv } from "../env";
import { AppError } from "../errors";

export const ANALYTICS_LIMITS = {
  /** The largest event in the catalogue is a page_view with a 2,048-character path: 8 KB is room enough. */
  maxBodyBytes: 8 * 1024,
  /**
   * Events from one client (network address, an IPv6 /64 as one) per minute: wrangler.toml's ANALYTICS_RATE binding
   * (Workers Rate Limiting, the same numbers), counted in memory where the request lands, so a page view writes to no
   * storage (decision 0001, "Page views"). A person navigating makes a few page views a minute; 60 leaves room for
   * several behind one shared address while keeping a flood near 60 events a minute per location.
   */
  perClient: { limit: 60, windowMs: 60_000 },
} as const;

/** Who an event is about: from the request's own cookies, never from the event. */
export interface EventSubject {
  userId?: string | null;
  guestId?: string | null;
}

/**
 * Records one analytics event. A page view (one per navigation, the product's most frequent event) is a data point
 * in Workers Analytics Engine, so navigating never writes to D1 (docs/decisions/0001-workers-layout.md); the
 * server's once-per-user events (after_login_paywall_seen) stay rows of analytics_events. Callers run it in
 * waitUntil so it never delays a response.
 */
export async function recordEvent(env: AppEnv, event: AnalyticsEvent, who: EventSubject) {
  if (event.name === "page_view") return recordPageView(env, event.path, who);
  // Fields beyond name and path are the event's own properties (none in today's catalogue).
  const { name, path, ...props } = event;
  await getDb(env)
    .insert(schema.analyticsEvents)
    .values({
      name,
      path: path ?? null,
      userId: who.userId ?? null,
      guestId: who.guestId ?? null,
      props: Object.keys(props).length > 0 ? JSON.stringify(props) : null,
    });
}

/**
 * One page view: blob1 the path, blob2 who viewed it ("user", "guest" or "visitor" before a guest id exists), and the
 * account id as the index, Analytics Engine's sampling key, so sampling keeps or drops one person's views together.
 * writeDataPoint returns at once: Cloudflare sends the data point after the response, with no round trip here.
 */
function recordPageView(env: AppEnv, path: string, who: EventSubject) {
  const kind = who.userId ? "user" : who.guestId ? "guest" : "visitor";
  env.PAGE_VIEWS.writeDataPoint({ indexes: [who.userId ?? who.guestId ?? ""], blobs: [path, kind], doubles: [1] });
}

/**
 * Checks one event posted by a browser: a declared size over the limit, a client over its rate, a body over the
 * limit, a name outside the browser's part of the catalogue or fields that do not fit it each throw (413, 429, 413,
 * 400, 400). Every request that gets as far as the rate counts against it, valid or not.
 */
export async function acceptBrowserEvent(env: AppEnv, request: Request): Promise<BrowserAnalyticsEvent> {
  if (Number(request.headers.get("Content-Length") ?? "0") > ANALYTICS_LIMITS.maxBodyBytes) throw new AppError("analytics/too-large");
  const rate = await env.ANALYTICS_RATE.limit({ key: `analytics:${addressBucket(clientAddress(request))}` });
  // The binding says only yes or no; its window is a minute, so a minute is the longest wait.
  if (!rate.success) throw new AppError("analytics/rate-limited", { retryAfterSeconds: ANALYTICS_LIMITS.perClient.windowMs / 1000 });
  // The shared reader: JSON only, counted as it arrives (a chunked body has no Content-Length to trust).
  const body = await readJson(request, { maxBytes: ANALYTICS_LIMITS.maxBodyBytes, tooLarge: "analytics/too-large" });
  const name = body !== null && typeof body === "object" ? (body as { name?: unknown }).name : undefined;
  if (!isBrowserEventName(name)) throw new AppError("analytics/unknown-event");
  const parsed = analyticsEventSchema.safeParse(body);
  if (!parsed.success || !isBrowserEvent(parsed.data)) throw new AppError("request/invalid");
  return parsed.data;
}
