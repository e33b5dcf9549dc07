// The context every loader and action receives, built the same way by the worker and by the Vite dev proxy.
// This module and the others under http/ are the route layer's adapters: the only server modules that know Remix.
import type { AppContext } from "../context";
import type { AppEnv } from "../env";
import { loadConfig } from "../env";

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Remix's context is exactly ours.
  interface AppLoadContext extends AppContext {}
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function createLoadContext(env: object, ctx: Pick<ExecutionContext, "waitUntil">, nonce: string) {
  return { env: env as AppEnv, ctx, config: loadConfig(env), nonce };
}

/** Used by the Vite dev proxy (`npm run dev`), whose platform proxy supplies env and ctx. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: { env: object; ctx: Pick<ExecutionContext, "waitUntil"> } } }) {
  return createLoadContext(context.cloudflare.env, context.cloudflare.ctx, createNonce());
}
