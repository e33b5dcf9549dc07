// Shared by the image-tool integration tests: the app with a queue producer the test can see (so the test decides
// when the consumer runs), message batches for the consumer, and small readers for jobs, gallery rows and credits.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import type { ImageJobMessage } from "../../app/.server/images/messages";
import { encodePng } from "../../app/.server/images/png";
import type { JobView } from "../../app/lib/jobs";
import worker from "../../workers/app";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient, type Client } from "./auth-helpers";
import { appEnv } from "./helpers";

export const db = getDb(appEnv);

/** The shape getQueueResult resolves to (declared in workers-types' experimental entry only). */
export interface QueueResult {
  outcome: string;
  ackAll: boolean;
  explicitAcks: string[];
  retryMessages: { msgId: string }[];
}

/** Whose object holds each job a test created (from the queue messages the app sent), so a test can name just the job. */
const accountOfJob = new Map<string, string>();

function accountOf(jobId: string): string {
  const accountId = accountOfJob.get(jobId);
  if (!accountId) throw new Error(`images-helpers: job ${jobId} was not created through jobsEnv()`);
  return accountId;
}

/** The queue message the app sent for a job it created (the job and the account whose object holds it). */
export function jobMessage(jobId: string): ImageJobMessage {
  return { jobId, accountId: accountOf(jobId) };
}

/**
 * The app's env with `IMAGE_JOBS` replaced by a recorder: creating a job sends nothing anywhere, and the test
 * delivers the recorded messages to the consumer itself. `vars` adds variables (a provider, model overrides).
 */
export function jobsEnv(vars: Record<string, string> = {}, send?: (body: ImageJobMessage) => Promise<void>) {
  const sent: ImageJobMessage[] = [];
  const env = {
    ...appEnv,
    ...vars,
    IMAGE_JOBS: {
      async send(body: ImageJobMessage) {
        accountOfJob.set(body.jobId, body.accountId);
        if (send) await send(body);
        sent.push(body);
      },
    },
  } as AppEnv;
  return { env, sent };
}

/** Runs the consumer on a batch, as the queue would; `attempts` is what the queue says this delivery is. */
export async function deliver(
  env: AppEnv,
  messages: { id: string; body: unknown; attempts?: number }[],
  queue = "image-jobs",
  consumer: { queue(batch: MessageBatch<unknown>, env: never): Promise<void> } = worker as never,
): Promise<QueueResult> {
  const batch = createMessageBatch(
    queue,
    messages.map((message) => ({ id: message.id, body: message.body, timestamp: new Date(), attempts: message.attempts ?? 1 })),
  );
  const ctx = createExecutionContext();
  await consumer.queue(batch as MessageBatch<unknown>, env as never);
  return (await getQueueResult(batch, ctx)) as QueueResult;
}

/** A signed-in browser talking to the app with `env`. */
export async function signedIn(env: AppEnv, options: Parameters<typeof signedInClient>[0] = {}) {
  const { client, user } = await signedInClient(options);
  return { client: client.withEnv(env), user };
}

/** The answer of POST /api/jobs, with the one error body (docs/product.md §7) read out: `error` is its code, `fieldErrors` its translated messages. */
export type CreateAnswer = { status: number; ok: boolean; job?: JobView; error?: string; message?: string; fieldErrors?: Record<string, string> };

/** The wire form: the job, or `{ ok: false, error: { code, message, fieldErrors? } }`. */
type CreateWire = { ok: true; job: JobView } | { ok: false; error: { code: string; message: string; fieldErrors?: Record<string, string> } };

/** POST /api/jobs with a tool's fields (a fresh request id unless one is given). */
export async function createJob(client: Client, fields: Record<string, string>): Promise<CreateAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", ...fields })) form.set(name, value);
  const response = await client.fetch("/api/jobs", { method: "POST", body: form });
  const wire = (await response.json()) as CreateWire;
  if (wire.ok) return { status: response.status, ok: true, job: wire.job };
  return { status: response.status, ok: false, error: wire.error.code, message: wire.error.message, fieldErrors: wire.error.fieldErrors };
}

export async function jobRow(jobId: string) {
  const { imageJobs } = accountSchema;
  return inAccountDb(accountOf(jobId), (account) => account.select().from(imageJobs).where(eq(imageJobs.id, jobId)).get());
}

export async function galleryRowsOf(jobId: string) {
  const { galleryImages } = accountSchema;
  return inAccountDb(accountOf(jobId), (account) => account.select().from(galleryImages).where(eq(galleryImages.jobId, jobId)).all());
}

/** One of the account's upload rows, read in its object. */
export async function uploadRow(accountId: string, uploadId: string) {
  const { uploads } = accountSchema;
  return inAccountDb(accountId, (account) => account.select().from(uploads).where(eq(uploads.id, uploadId)).get());
}

/** How many upload rows the account's object holds. */
export async function uploadCount(accountId: string) {
  const { uploads } = accountSchema;
  return inAccountDb(accountId, (account) => account.select().from(uploads).all().length);
}

export async function creditsUsed(client: Client): Promise<number> {
  const response = await client.fetch("/api/credits");
  return ((await response.json()) as { used: number }).used;
}

/** A small valid PNG made with the app's own encoder. */
export function pngFile(width = 24, height = 16): Promise<Uint8Array> {
  const pixels = new Uint8Array(width * height * 4).map((_, index) => (index % 4 === 3 ? 255 : (index * 7) % 256));
  return encodePng(width, height, pixels, { alpha: false });
}

/** Uploads bytes as a file the way the page does; answers the status and JSON. */
export async function upload(client: Client, bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await client.fetch("/api/uploads", { method: "POST", body: form });
  return { status: response.status, json: (await response.json()) as { id?: string; error?: { code: string; message?: string } } };
}

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
