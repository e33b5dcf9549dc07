// `npm run dev` only: Vite's dev proxy cannot host a Durable Object or consume a queue, so this small worker
// runs beside it (scripts/dev.mjs) and [env.dev] in wrangler.toml points the Durable Objects, IMAGE_JOBS, DATA_EXPORTS,
// MEMORY_JOBS, DOCUMENT_READS and ACCOUNT_DELETIONS bindings here. It consumes every queue the deployed worker does,
// through the same table (app/.server/queues.ts, decision 0019 "The edge is built once"). Being development only, it
// imports the app's modules directly: the one-copy rule is the deployed bundle's.
import { WorkerEntrypoint } from "cloudflare:workers";
import type { AccountDeletionMessage } from "../app/.server/account/deletion";
import type { DocumentReadMessage } from "../app/.server/documents/messages";
import type { DataExportMessage } from "../app/.server/exports/messages";
import type { ImageJobMessage } from "../app/.server/images/messages";
import type { MemoryJob } from "../app/.server/memory/jobs";
import { routeQueue } from "../app/.server/queues";

export { AuthThrottle } from "../app/.server/auth/throttle-counter";
export { Account } from "../app/.server/account/object";
export { CreditsCounter } from "../app/.server/credits/counter";
export { WhatsAppNumber } from "../app/.server/whatsapp/number-object";

interface ServicesEnv {
  IMAGE_JOBS: Queue<ImageJobMessage>;
  DATA_EXPORTS: Queue<DataExportMessage>;
  MEMORY_JOBS: Queue<MemoryJob>;
  DOCUMENT_READS: Queue<DocumentReadMessage>;
  ACCOUNT_DELETIONS: Queue<AccountDeletionMessage>;
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

/** The same for memory extraction (decision 0027). */
export class MemoryQueue extends WorkerEntrypoint<ServicesEnv> {
  async send(body: MemoryJob) {
    await this.env.MEMORY_JOBS.send(body);
  }
}

/** The same for reading documents (decision 0031); the document-reader worker beside this one consumes them. */
export class DocumentQueue extends WorkerEntrypoint<ServicesEnv> {
  async send(body: DocumentReadMessage) {
    await this.env.DOCUMENT_READS.send(body);
  }
}

/** The same for deleting accounts (decision 0033). */
export class DeletionQueue extends WorkerEntrypoint<ServicesEnv> {
  async send(body: AccountDeletionMessage) {
    await this.env.ACCOUNT_DELETIONS.send(body);
  }
}

export default {
  fetch() {
    return new Response("edge-assistant services worker (development)");
  },
  queue: (batch, env) => routeQueue(batch, env),
} satisfies ExportedHandler<ServicesEnv>;
