// Remix's load context is our plain AppContext (app/.server/context.ts): loaders and actions get exactly what the
// domain modules take, and the domain never imports Remix to name it.
import type { AppContext } from "./.server/context";

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Remix's context is exactly ours.
  interface AppLoadContext extends AppContext {}
}
