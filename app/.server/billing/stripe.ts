// The Stripe client for Workers: fetch for HTTP and Web Crypto for webhook signatures (PROVIDERS.md "Stripe on Workers").
import Stripe from "stripe";
import type { AppConfig } from "../env";

export { Stripe };

/**
 * A client for the configured account, or null without a secret key (demo mode). Made per use: it is cheap, and
 * the fetch client picks up `globalThis.fetch` as it is at that moment. STRIPE_API_BASE points it at another
 * origin speaking Stripe's REST format (a local fake in tests).
 */
export function stripeClient(config: AppConfig): Stripe | null {
  const { secretKey, apiBase } = config.billing;
  if (!secretKey) return null;
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    // A Worker request should not wait long on a retry loop; Stripe's idempotency keys make one retry safe.
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: "Nova Assistant" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

/** Web Crypto for HMAC: the synchronous Node crypto provider does not exist in a Worker. */
export const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Stripe's default tolerance for a webhook signature's timestamp, in seconds. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
