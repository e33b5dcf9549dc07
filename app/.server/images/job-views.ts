// How a stored job and its picture are shown: its settings checked again, its media URLs, its view for the page.
// Pure functions of the rows, used inside the account's object (images/job-operations.ts, gallery-operations.ts) and
// by the callers in images/jobs.ts alike, so they import neither the object nor its client.
import type { JobImage, JobView } from "../../lib/jobs";
import { lazily } from "../../lib/schemas/lazy";
import {
  imageGenerationSchema,
  logoSchema,
  photoTranslateSchema,
  tattooSchema,
  translationResultSchema,
  type JobSettings,
  type TranslationResult,
} from "../../lib/schemas/images";
import type { accountSchema } from "../account/schema";

type ImageJob = typeof accountSchema.imageJobs.$inferSelect;
type GalleryImage = typeof accountSchema.galleryImages.$inferSelect;

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
