// The context every loader and action receives, built the same way by the worker and by the Vite dev proxy.
// Builds the AppContext (../context.ts) each request gets; Remix's AppLoadContext is declared to be exactly that in
// app/remix-context.d.ts, so no server module but the route adapter (http/auth.ts) needs to know Remix.
import { checkedEnv } from "../env";

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function createLoadContext(env: object, ctx: Pick<ExecutionContext, "waitUntil">, nonce: string) {
  return { ...checkedEnv(env), ctx, nonce };
}

/** Used by the Vite dev proxy (`npm run dev`), whose platform proxy supplies env and ctx. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: { env: object; ctx: Pick<ExecutionContext, "waitUntil"> } } }) {
  return createLoadContext(context.cloudflare.env, context.cloudflare.ctx, createNonce());
}
