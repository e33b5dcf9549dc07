// What every visitor of /payment sees is read from Stripe once and shared, so page views cannot use up the Stripe
// account's rate limit (which checkout, the portal, cancel and the webhook's reads share). Isolate memory sits in front
// of the Workers Cache API (`caches.default` under a synthetic key, shared by every isolate in a location), both kept
// for STRIPE_PRICE_CACHE_SECONDS (0 turns caching off); concurrent misses in an isolate share one Stripe call, and a
// failure is remembered for a few seconds so an outage or a 429 is not retried by every page view
// (docs/decisions/0007-billing.md).
import { now } from "../clock";
import type { AppConfig } from "../env";

/** Isolate memory never keeps a value longer than this, so a changed Price reaches every isolate within 10 minutes. */
const MEMORY_MAX_SECONDS = 600;
/** How long a failed read is answered from memory (rethrown) before Stripe is asked again. */
const FAILURE_SECONDS = 30;
const CACHE_ORIGIN = "https://stripe-cache.invalid";
/** Bumped when the shape of a cached value changes, so a deploy never reads the previous shape. */
const CACHE_VERSION = "v2";

type Remembered = { expiresAt: number } & ({ ok: true; value: unknown } | { ok: false; error: unknown });

const memory = new Map<string, Remembered>();
const inFlight = new Map<string, Promise<unknown>>();

/** Workers' default cache (the DOM typings in this project do not know `caches.default`). */
function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : ((caches as unknown as { default?: Cache }).default ?? null);
}

type Stored<T> = { expiresAt: number; value: T };

async function sharedGet<T>(url: string): Promise<Stored<T> | null> {
  const hit = await edgeCache()?.match(url);
  if (!hit) return null;
  const stored = (await hit.json()) as Stored<T>;
  // The app's clock decides expiry (as everywhere in billing); the edge's max-age only frees the space.
  return stored.expiresAt > now() ? stored : null;
}

async function sharedPut(url: string, value: unknown, expiresAt: number, seconds: number): Promise<void> {
  const response = Response.json({ expiresAt, value }, { headers: { "Cache-Control": `max-age=${seconds}` } });
  await edgeCache()?.put(url, response);
}

/**
 * `read()` (a Stripe call), or what it answered within the last STRIPE_PRICE_CACHE_SECONDS. `key` names what is read
 * and everything it depends on; it must never depend on who is asking (the value is shown to every visitor).
 */
export async function cachedStripeRead<T>(config: AppConfig, key: string, read: () => Promise<T>): Promise<T> {
  const seconds = config.billing.priceCacheSeconds;
  if (seconds === 0) return read();
  const id = `${CACHE_VERSION}/${encodeURIComponent(config.billing.apiBase ?? "stripe")}/${key}`;
  const memoryUntil = (expiresAt: number) => Math.min(expiresAt, now() + MEMORY_MAX_SECONDS * 1000);
  const remembered = memory.get(id);
  if (remembered && remembered.expiresAt > now()) {
    if (remembered.ok) return remembered.value as T;
    throw remembered.error;
  }
  const pending = inFlight.get(id);
  if (pending) return pending as Promise<T>;
  const loading = (async () => {
    const url = `${CACHE_ORIGIN}/${id}`;
    const shared = await sharedGet<T>(url).catch(() => null);
    if (shared) {
      memory.set(id, { ok: true, value: shared.value, expiresAt: memoryUntil(shared.expiresAt) });
      return shared.value;
    }
    try {
      const value = await read();
      const expiresAt = now() + seconds * 1000;
      memory.set(id, { ok: true, value, expiresAt: memoryUntil(expiresAt) });
      await sharedPut(url, value, expiresAt, seconds).catch(() => undefined);
      return value;
    } catch (error) {
      memory.set(id, { ok: false, error, expiresAt: now() + Math.min(seconds, FAILURE_SECONDS) * 1000 });
      throw error;
    }
  })();
  inFlight.set(id, loading);
  try {
    return await loading;
  } finally {
    inFlight.delete(id);
  }
}
