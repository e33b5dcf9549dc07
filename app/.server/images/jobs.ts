// Creation jobs (decision 0006): charged, stored `queued`, sent to the queue; the consumer makes them. A
// request id chosen by the page is the job id, so a form sent twice makes and charges one job.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { GalleryImage, ImageJob } from "../../../db/schema";
import type { JobImage, JobView } from "../../lib/jobs";
import { lazily } from "../../lib/schemas/lazy";
import { canUseModel, findModel } from "../../lib/models";
import {
  createJobSchema,
  imageGenerationSchema,
  logoSchema,
  photoTranslateSchema,
  tattooSchema,
  translationResultSchema,
  type CreateJobInput,
  type ImageTool,
  type JobSettings,
  type TranslationResult,
} from "../../lib/schemas/images";
import { availableModels, isDemoMode } from "../ai/providers";
import { consumeCredits, refundCredits, type Plan } from "../credits";
import { getDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { resolveImageEngine } from "./engines";

export interface JobOwner {
  accountId: string;
  plan: Plan;
  /** The client's network address, counted for a guest's charges (docs/decisions/0011). */
  address?: string;
}

const settingsSchemas = lazily(() => ({
  "image-generation": imageGenerationSchema().omit({ requestId: true }),
  "logo-maker": logoSchema().omit({ requestId: true }),
  "tattoo-generator": tattooSchema().omit({ requestId: true }),
  "photo-translate": photoTranslateSchema().omit({ requestId: true }),
}));

/** A job's stored settings, checked again on the way out (rows written by older code must still parse). */
export function jobSettings(job: Pick<ImageJob, "tool" | "params">): JobSettings | null {
  try {
    const parsed = settingsSchemas()[job.tool].safeParse(JSON.parse(job.params));
    return parsed.success ? (parsed.data as JobSettings) : null;
  } catch {
    return null;
  }
}

/** The words a job is listed by in the gallery. */
function promptOf(settings: JobSettings): string {
  switch (settings.tool) {
    case "image-generation":
      return settings.prompt;
    case "logo-maker":
      return settings.slogan ? `${settings.brandName} — ${settings.slogan}` : settings.brandName;
    case "tattoo-generator":
      return settings.description ?? "";
    case "photo-translate":
      return "";
  }
}

/** Text logos are drawn on the server, not by a model. */
export const VECTOR_MODEL = "vector";

function checkModel(env: AppEnv, owner: JobOwner, settings: JobSettings) {
  if (settings.tool === "logo-maker" && settings.kind === "text") return;
  const model = findModel(settings.model);
  if (!model || !availableModels(env).some((candidate) => candidate.id === model.id)) throw new AppError("chat/model-unavailable");
  if (!canUseModel(model, owner.plan)) throw new AppError("plan/pro-required");
  if (settings.tool === "photo-translate") {
    // A photo is read by a vision model (the demo provider stands in for all of them offline).
    if (!model.vision && !isDemoMode(env)) throw new AppError("chat/model-unavailable");
    return;
  }
  if (!resolveImageEngine(env, model.id)) throw new AppError("image/no-provider");
}

async function ownedUpload(env: AppEnv, ownerId: string, uploadId: string) {
  const upload = await getDb(env).query.uploads.findFirst({ where: and(eq(schema.uploads.id, uploadId), eq(schema.uploads.ownerId, ownerId)) });
  if (!upload) throw new AppError("upload/missing");
  return upload;
}

export function mediaUrl(imageId: string, download = false) {
  return `/media/gallery/${encodeURIComponent(imageId)}${download ? "?download=1" : ""}`;
}

function toImage(image: GalleryImage | undefined): JobImage | null {
  if (!image) return null;
  return {
    id: image.id,
    url: mediaUrl(image.id),
    downloadUrl: mediaUrl(image.id, true),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    model: image.model,
  };
}

function toTranslation(text: string | null): TranslationResult | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { demo?: unknown };
    const parsed = translationResultSchema().safeParse(value);
    return parsed.success ? { ...parsed.data, ...(value.demo === true ? { demo: true } : {}) } : null;
  } catch {
    return null;
  }
}

export function toJobView(job: ImageJob, image?: GalleryImage): JobView {
  return {
    id: job.id,
    tool: job.tool,
    status: job.status,
    errorCode: job.errorCode,
    prompt: job.prompt,
    model: job.model,
    settings: jobSettings(job),
    sourceUrl: job.sourceUploadId ? `/media/uploads/${encodeURIComponent(job.sourceUploadId)}` : null,
    image: toImage(image),
    translation: toTranslation(job.resultText),
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

async function withImages(env: AppEnv, jobs: ImageJob[]): Promise<JobView[]> {
  const doneIds = jobs.filter((job) => job.status === "done").map((job) => job.id);
  const images = doneIds.length ? await getDb(env).select().from(schema.galleryImages).where(inArray(schema.galleryImages.jobId, doneIds)) : [];
  const byJob = new Map(images.map((image) => [image.jobId, image]));
  return jobs.map((job) => toJobView(job, byJob.get(job.id)));
}

/**
 * Creates (or, for a request id already used by this owner, returns) a job: credits first (keyed by the job, so a
 * retry never charges twice), then the `queued` row, then the queue message. A message that cannot be sent
 * refunds the credits and leaves the job `failed`, where the page offers to try again.
 */
export async function createJob(env: AppEnv, config: AppConfig, owner: JobOwner, input: CreateJobInput): Promise<JobView> {
  const db = getDb(env);
  const { requestId: jobId, ...settings } = createJobSchema().parse(input);
  const existing = await db.query.imageJobs.findFirst({ where: eq(schema.imageJobs.id, jobId) });
  if (existing) {
    if (existing.ownerId !== owner.accountId) throw new AppError("request/invalid");
    return (await withImages(env, [existing]))[0]!;
  }
  checkModel(env, owner, settings);
  const sourceUploadId =
    settings.tool === "tattoo-generator" || settings.tool === "photo-translate" ? (await ownedUpload(env, owner.accountId, settings.uploadId)).id : null;

  const creditKey = `image:${jobId}`;
  const charge = await consumeCredits(env, config, {
    accountId: owner.accountId,
    plan: owner.plan,
    action: settings.tool === "photo-translate" ? "photoTranslate" : "image",
    key: creditKey,
    address: owner.address,
  });
  if (!charge.ok) throw new AppError("credits/exhausted", { resetsAt: charge.balance.resetsAt });

  const now = Date.now();
  const row = {
    id: jobId,
    ownerId: owner.accountId,
    tool: settings.tool,
    status: "queued" as const,
    prompt: promptOf(settings),
    model: settings.tool === "logo-maker" && settings.kind === "text" ? VECTOR_MODEL : settings.model,
    params: JSON.stringify(settings),
    sourceUploadId,
    creditKey,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await db.insert(schema.imageJobs).values(row).onConflictDoNothing().returning();
  if (inserted.length === 0) {
    // The same request raced in twice: the other one made the row (and the charge was the same key).
    const raced = await db.query.imageJobs.findFirst({ where: and(eq(schema.imageJobs.id, jobId), eq(schema.imageJobs.ownerId, owner.accountId)) });
    if (!raced) throw new AppError("request/invalid");
    return (await withImages(env, [raced]))[0]!;
  }
  try {
    await env.IMAGE_JOBS.send({ jobId });
  } catch (error) {
    console.error("image-jobs: could not enqueue", jobId, error);
    await refundCredits(env, owner.accountId, creditKey);
    const [failed] = await db
      .update(schema.imageJobs)
      .set({ status: "failed", errorCode: "image/queue-failed", updatedAt: Date.now() })
      .where(eq(schema.imageJobs.id, jobId))
      .returning();
    return toJobView(failed!);
  }
  return toJobView(inserted[0]!);
}

/** "Try again" on a failed job: a new job with the same settings (charged once, under the new request id). */
export async function retryJob(env: AppEnv, config: AppConfig, owner: JobOwner, jobId: string, requestId: string): Promise<JobView> {
  const job = await getDb(env).query.imageJobs.findFirst({ where: and(eq(schema.imageJobs.id, jobId), eq(schema.imageJobs.ownerId, owner.accountId)) });
  if (!job) throw new AppError("request/not-found");
  const settings = jobSettings(job);
  if (!settings) throw new AppError("request/invalid");
  if (job.status !== "failed") {
    // Only a failed job is retried; anything else answers with the request's own job if it already exists.
    const again = await getDb(env).query.imageJobs.findFirst({ where: and(eq(schema.imageJobs.id, requestId), eq(schema.imageJobs.ownerId, owner.accountId)) });
    if (again) return (await withImages(env, [again]))[0]!;
    throw new AppError("request/invalid");
  }
  return createJob(env, config, owner, { ...settings, requestId } as CreateJobInput);
}

/** The owner's jobs with these ids (others' ids are simply absent). */
export async function getJobs(env: AppEnv, ownerId: string, ids: string[]): Promise<JobView[]> {
  if (ids.length === 0) return [];
  const jobs = await getDb(env)
    .select()
    .from(schema.imageJobs)
    .where(and(eq(schema.imageJobs.ownerId, ownerId), inArray(schema.imageJobs.id, ids)));
  return withImages(env, jobs);
}

export async function getJob(env: AppEnv, ownerId: string, id: string): Promise<JobView | null> {
  return (await getJobs(env, ownerId, [id]))[0] ?? null;
}

/** The latest jobs of one tool, newest first (the tool page lists them, so a result is there when you come back). */
export async function recentJobs(env: AppEnv, ownerId: string, tool: ImageTool, limit = 6): Promise<JobView[]> {
  const jobs = await getDb(env)
    .select()
    .from(schema.imageJobs)
    .where(and(eq(schema.imageJobs.ownerId, ownerId), eq(schema.imageJobs.tool, tool)))
    .orderBy(desc(schema.imageJobs.createdAt), desc(schema.imageJobs.id))
    .limit(limit);
  return withImages(env, jobs);
}
