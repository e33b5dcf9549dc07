// Creation jobs (decision 0006): charged, stored `queued`, sent to the queue; the consumer makes them. A
// request id chosen by the page is the job id, so a form sent twice makes and charges one job. The rows live in the
// account's own object (decision 0026, images/job-operations.ts); the queue message names the account and the job.
import { inAccount } from "../account/client";
import type { JobView } from "../../lib/jobs";
import { canUseModel, findModel } from "../../lib/models";
import { createJobSchema, type CreateJobInput, type ImageTool, type JobSettings } from "../../lib/schemas/images";
import { availableModels, isDemoMode } from "../ai/providers";
import { consumeCredits, refundCredits } from "../credits";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { resolveImageEngine } from "./engines";
import { toJobView } from "./job-views";
import { checkImage } from "./validate";
import { accountFileKey } from "../account/files";
import type { Owner } from "../account/owner";

/** A brush mask is a PNG the size of its picture; this caps its file (a 4096² mask of one colour is far smaller). */
export const MASK_MAX_BYTES = 4 * 1024 * 1024;

export { jobSettings, mediaUrl, toJobView } from "./job-views";

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

function checkModel(env: AppEnv, owner: Owner, settings: JobSettings) {
  if (settings.tool === "logo-maker" && settings.kind === "text") return;
  const model = findModel(settings.model);
  if (!model || !availableModels(env).some((candidate) => candidate.id === model.id)) throw new AppError("chat/model-unavailable");
  if (!canUseModel(model, owner.plan)) throw new AppError("plan/pro-required");
  if (settings.tool === "photo-translate") {
    // A photo is read by a vision model (the demo provider stands in for all of them offline).
    if (!model.vision && !isDemoMode(env)) throw new AppError("chat/model-unavailable");
    return;
  }
  const engine = resolveImageEngine(env, model.id);
  if (!engine) throw new AppError("image/no-provider");
  // Editing a picture needs a model that edits: OpenAI's or Gemini's image model, or the demo provider offline (decision 0029).
  if (settings.tool === "image-generation" && settings.edit && engine.kind !== "demo" && !engine.editModel) throw new AppError("image/no-provider");
}

/** The brush mask must be a real PNG exactly the size of the picture it was painted over. */
function checkMask(mask: Uint8Array, source: { width: number; height: number }) {
  const check = checkImage(mask, MASK_MAX_BYTES);
  if (!check.ok || check.contentType !== "image/png" || check.width !== source.width || check.height !== source.height)
    throw new AppError("image/mask-invalid");
}

/**
 * Creates (or, for a request id already used by this owner, returns) a job: credits first (keyed by the job, so a
 * retry never charges twice), then the `queued` row, then the queue message. A message that cannot be sent
 * refunds the credits and leaves the job `failed`, where the page offers to try again.
 */
export async function createJob(
  env: AppEnv,
  config: AppConfig,
  owner: Owner,
  input: CreateJobInput,
  /** "Edit image"'s brush mask (PNG bytes), stored beside the job once it is charged. */
  mask?: Uint8Array,
): Promise<JobView> {
  const { requestId: jobId, ...settings } = createJobSchema().parse(input);
  const edit = settings.tool === "image-generation" ? settings.edit : undefined;
  const uploadId = settings.tool === "tattoo-generator" || settings.tool === "photo-translate" ? settings.uploadId : (edit?.uploadId ?? null);
  const prepared = await inAccount(env, owner.accountId, "imageJobs.prepare", { jobId, uploadId, sourceImageId: edit?.sourceImageId });
  if (prepared.existing) return prepared.existing;
  checkModel(env, owner, settings);
  // Another account's picture or upload id is not in this account's object: the same answer as one that never existed.
  if (edit && !prepared.editSource) throw new AppError("image/source-missing");
  if (uploadId && !prepared.uploadFound) throw new AppError("upload/missing");
  if (edit && mask) {
    checkMask(mask, prepared.editSource!);
    edit.maskKey = accountFileKey("masks", owner.accountId, `${jobId}.png`);
  }

  const creditKey = `image:${jobId}`;
  const charge = await consumeCredits(env, config, {
    accountId: owner.accountId,
    plan: owner.plan,
    action: settings.tool === "photo-translate" ? "photoTranslate" : "image",
    key: creditKey,
    address: owner.address,
  });
  if (!charge.ok) throw new AppError("credits/exhausted", { resetsAt: charge.balance.resetsAt });
  if (edit?.maskKey && mask) {
    try {
      await env.MEDIA.put(edit.maskKey, mask, { httpMetadata: { contentType: "image/png" } });
    } catch (error) {
      await refundCredits(env, owner.accountId, creditKey);
      throw error;
    }
  }

  const now = Date.now();
  const { job, inserted } = await inAccount(env, owner.accountId, "imageJobs.add", {
    id: jobId,
    ownerId: owner.accountId,
    tool: settings.tool,
    status: "queued" as const,
    prompt: promptOf(settings),
    model: settings.tool === "logo-maker" && settings.kind === "text" ? VECTOR_MODEL : settings.model,
    params: JSON.stringify(settings),
    sourceUploadId: uploadId,
    creditKey,
    createdAt: now,
    updatedAt: now,
  });
  // The same request raced in twice: the other one made the row and sends the message.
  if (!inserted) return job;
  try {
    await env.IMAGE_JOBS.send({ jobId, accountId: owner.accountId });
  } catch (error) {
    console.error("image-jobs: could not enqueue", jobId, error);
    await refundCredits(env, owner.accountId, creditKey);
    const failed = await inAccount(env, owner.accountId, "imageJobs.fail", { jobId, code: "image/queue-failed" });
    return failed ? toJobView(failed) : job;
  }
  return job;
}

/** "Try again" on a failed job: a new job with the same settings (charged once, under the new request id). */
export async function retryJob(env: AppEnv, config: AppConfig, owner: Owner, jobId: string, requestId: string): Promise<JobView> {
  const views = await inAccount(env, owner.accountId, "imageJobs.views", { ids: [jobId, requestId] });
  const job = views.find((view) => view.id === jobId);
  if (!job) throw new AppError("request/not-found");
  if (!job.settings) throw new AppError("request/invalid");
  if (job.status !== "failed") {
    // Only a failed job is retried; anything else answers with the request's own job if it already exists.
    const again = views.find((view) => view.id === requestId);
    if (again) return again;
    throw new AppError("request/invalid");
  }
  return createJob(env, config, owner, { ...job.settings, requestId } as CreateJobInput);
}

/** The owner's jobs with these ids (others' ids are simply absent: they are not in this account's object). */
export async function getJobs(env: AppEnv, ownerId: string, ids: string[]): Promise<JobView[]> {
  if (ids.length === 0) return [];
  return inAccount(env, ownerId, "imageJobs.views", { ids });
}

export async function getJob(env: AppEnv, ownerId: string, id: string): Promise<JobView | null> {
  return (await getJobs(env, ownerId, [id]))[0] ?? null;
}

/** The latest jobs of one tool, newest first (the tool page lists them, so a result is there when you come back). */
export async function recentJobs(env: AppEnv, ownerId: string, tool: ImageTool, limit = 6): Promise<JobView[]> {
  return inAccount(env, ownerId, "imageJobs.recent", { tool, limit });
}
