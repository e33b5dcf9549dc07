// The Queue consumer for creations. Safe to redeliver: a job already done or failed is acknowledged untouched,
// and the gallery row is unique per job, so a message handled twice creates and charges once.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { refundCredits } from "../credits";
import { isImageJobMessage, type ImageJobMessage } from "./messages";
import { renderDemoImage } from "./demo-renderer";

/** Attempts before a job is marked failed and refunded (the queue's max_retries, plus the first try). */
export const MAX_ATTEMPTS = 4;

const extensionFor: Record<string, string> = { "image/svg+xml": "svg", "image/png": "png", "image/jpeg": "jpg" };

export async function processImageJobs(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  for (const message of batch.messages) {
    if (!isImageJobMessage(message.body)) {
      console.error("image-jobs: dropping malformed message", message.id);
      message.ack();
      continue;
    }
    const outcome = await processImageJob(env, message.body);
    if (outcome === "retry") message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    else message.ack();
  }
}

export async function processImageJob(env: AppEnv, { jobId }: ImageJobMessage): Promise<"done" | "failed" | "skipped" | "retry"> {
  const db = getDb(env);
  // Claim the job: only a queued or running (interrupted) job moves on; done/failed ones are left alone.
  const claimed = await db
    .update(schema.imageJobs)
    .set({ status: "running", attempts: sql`${schema.imageJobs.attempts} + 1`, updatedAt: Date.now() })
    .where(and(eq(schema.imageJobs.id, jobId), inArray(schema.imageJobs.status, ["queued", "running"])))
    .returning();
  const job = claimed[0];
  if (!job) return "skipped";

  try {
    const image = renderDemoImage(job.prompt);
    const key = `gallery/${job.ownerId}/${job.id}.${extensionFor[image.contentType] ?? "bin"}`;
    await env.MEDIA.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
    await db
      .insert(schema.galleryImages)
      .values({
        id: crypto.randomUUID(),
        ownerId: job.ownerId,
        jobId: job.id,
        tool: job.tool,
        prompt: job.prompt,
        model: job.model,
        params: job.params,
        r2Key: key,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.bytes.byteLength,
      })
      .onConflictDoNothing({ target: schema.galleryImages.jobId });
    await db.update(schema.imageJobs).set({ status: "done", errorCode: null, updatedAt: Date.now() }).where(eq(schema.imageJobs.id, job.id));
    return "done";
  } catch (error) {
    console.error("image-jobs: attempt failed", job.id, error);
    if (job.attempts < MAX_ATTEMPTS) return "retry";
    await db
      .update(schema.imageJobs)
      .set({ status: "failed", errorCode: "app/unknown", updatedAt: Date.now() })
      .where(eq(schema.imageJobs.id, job.id));
    await refundCredits(env, job.ownerId, job.creditKey);
    return "failed";
  }
}
