// `npm run dev` only: Vite's dev proxy cannot host a Durable Object or consume a queue, so this small worker
// runs beside it (scripts/dev.mjs) and [env.dev] in wrangler.toml points the CREDITS, IMAGE_JOBS and DATA_EXPORTS
// bindings here.
import { WorkerEntrypoint } from "cloudflare:workers";
import { processDataExports } from "../app/.server/exports/consumer";
import { DATA_EXPORTS_QUEUE, type DataExportMessage } from "../app/.server/exports/messages";
import { processImageJobs } from "../app/.server/images/consumer";
import type { ImageJobMessage } from "../app/.server/images/messages";

export { AuthThrottle } from "../app/.server/auth/throttle-counter";
export { Account } from "../app/.server/account/object";
export { CreditsCounter } from "../app/.server/credits/counter";

interface ServicesEnv {
  IMAGE_JOBS: Queue<ImageJobMessage>;
  DATA_EXPORTS: Queue<DataExportMessage>;
}

/** Stands in for the queue producer binding: same `send` shape, forwarded to this worker's real queue. */
export class JobQueue extends WorkerEntrypoint<ServicesEnv> {
  async send(body: ImageJobMessage) {
    await this.env.IMAGE_JOBS.send(body);
  }
}

/** The same for "Download my data" (decision 0018). */
export class ExportQueue extends WorkerEntrypoint<ServicesEnv> {
  async send(body: DataExportMessage) {
    await this.env.DATA_EXPORTS.send(body);
  }
}

export default {
  fetch() {
    return new Response("edge-assistant services worker (development)");
  },
  async queue(batch, env) {
    if (batch.queue === DATA_EXPORTS_QUEUE) return processDataExports(batch, env as never);
    await processImageJobs(batch, env as never);
  },
} satisfies ExportedHandler<ServicesEnv>;
