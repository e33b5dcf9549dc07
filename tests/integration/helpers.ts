// Shared by the integration tests: the bindings typed as the app sees them, and small row factories.
import { env } from "cloudflare:workers";
import type { AppEnv } from "../../app/.server/env";

/** wrangler's generated Env types CREDITS loosely (it also knows the dev services script); the app's type is exact. */
export const appEnv = env as unknown as AppEnv;

/** Unique per call, so tests in one file never collide on ids, emails or Durable Object names. */
export function uniqueId(prefix: string): string {
  return `${prefix}_${crypto.randomUUID()}`;
}

export function creditsStub(name: string) {
  return appEnv.CREDITS.get(appEnv.CREDITS.idFromName(name));
}
