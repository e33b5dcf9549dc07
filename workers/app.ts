// The main worker: its handlers (HTTP through the Hono edge, every queue through one table, the hourly cron) are built
// by app/.server/http/edge.ts from the Remix server build, and the Durable Object classes are re-exported
// (decision 0019, "The edge is built once").
import type { ServerBuild } from "@remix-run/cloudflare";
// @ts-expect-error: produced by `remix vite:build` (npm run build); it has no type declarations.
import * as build from "../build/server";
import type * as WorkerParts from "../app/.server/worker-parts";

const serverBuild = build as unknown as ServerBuild;
// The app's modules come from the server build, never from an import here: esbuild would bundle a second copy of
// every one of them beside the build's own (decision 0019, "The worker bundles the app once").
const parts = (serverBuild.entry.module as unknown as { workerParts: typeof WorkerParts }).workerParts;

// The Durable Object classes, exported from the main module as wrangler.toml's bindings name them (the types too:
// worker-configuration.d.ts types each binding by its class).
export const AuthThrottle = parts.AuthThrottle;
export type AuthThrottle = WorkerParts.AuthThrottle;
export const Account = parts.Account;
export type Account = WorkerParts.Account;
export const CreditsCounter = parts.CreditsCounter;
export type CreditsCounter = WorkerParts.CreditsCounter;
export const WhatsAppNumber = parts.WhatsAppNumber;
export type WhatsAppNumber = WorkerParts.WhatsAppNumber;

export default parts.createAppWorker(serverBuild) satisfies ExportedHandler<Env>;
