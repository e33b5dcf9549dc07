// The context every loader and action receives, built the same way by the worker and by the Vite dev proxy.
import type { AppConfig, AppEnv } from "./env";
import { loadConfig } from "./env";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    env: AppEnv;
    ctx: Pick<ExecutionContext, "waitUntil">;
    config: AppConfig;
    /** Per-request CSP nonce for inline scripts. */
    nonce: string;
  }
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
