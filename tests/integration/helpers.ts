// Shared by the integration tests: the bindings typed as the app sees them, and small row factories.
import { env } from "cloudflare:workers";
import { inAccount } from "../../app/.server/account/client";
import type { AppEnv } from "../../app/.server/env";

/** wrangler's generated Env types CREDITS loosely (it also knows the dev services script); the app's type is exact. */
export const appEnv = env as unknown as AppEnv;

/** Unique per call, so tests in one file never collide on ids, emails or Durable Object names. */
export function uniqueId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID()}`;
}

/** A CreditsCounter: an address's (`addr:<bucket>`), Pro's voice minutes (`voice:<account>`), or an account's old one. */
export function creditsStub(name: string) {
  return appEnv.CREDITS.get(appEnv.CREDITS.idFromName(name));
}

/** An account's own credits, kept in its object (decision 0026). */
export function accountBalance(accountId: string, limit: number | null, now = Date.now()) {
  return inAccount(appEnv, accountId, "credits.balance", { limit, now });
}

/**
 * The app's env as a production deployment must configure it (env.ts refuses to start otherwise): a session secret,
 * the public origin, and the WhatsApp app secret. `vars` adds or overrides.
 */
export function productionEnv(vars: Record<string, string> = {}): AppEnv {
  return {
    ...appEnv,
    APP_ENV: "production",
    SESSION_SECRET: "a-production-secret-of-at-least-32-chars!",
    APP_ORIGIN: "https://app.example",
    WHATSAPP_APP_SECRET: "production-meta-app-secret",
    ...vars,
  } as unknown as AppEnv;
}

/**
 * An Analytics Engine dataset that keeps what is written to it (wrangler's local one drops every data point), so a
 * test can read what a request recorded.
 */
export function recordingDataset(): AnalyticsEngineDataset & { points: AnalyticsEngineDataPoint[] } {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, writeDataPoint: (point) => void points.push(point ?? {}) };
}
