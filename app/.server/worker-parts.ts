// What the deployed worker (workers/app.ts) needs from the app beyond the server build itself: its handlers, built from
// the build (http/edge.ts: the Hono edge, the queue table, the cron), and the Durable Object classes. It reaches them
// through the Remix server build (app/entry.server.tsx re-exports this module as `workerParts`, in the production build
// only), never by importing app modules itself, so every app module is in the deployed bundle once (decision 0019,
// "The worker bundles the app once").
export { Account } from "./account/object";
export { AuthThrottle } from "./auth/throttle-counter";
export { CreditsCounter } from "./credits/counter";
export { createAppWorker } from "./http/edge";
export { WhatsAppNumber } from "./whatsapp/number-object";
