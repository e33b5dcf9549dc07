// What every request handler gives the domain modules: the bindings, the checked configuration, the execution
// context (for work after responding) and the CSP nonce. A plain type, so domain code needs no web framework; Remix's
// AppLoadContext is declared to be exactly this (http/load-context.ts).
import type { AppConfig, AppEnv } from "./env";

export interface AppContext {
  env: AppEnv;
  ctx: Pick<ExecutionContext, "waitUntil">;
  config: AppConfig;
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
}
