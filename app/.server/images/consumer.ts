// The Queue consumer for creations. Safe to redeliver: a job already done or failed is acknowledged untouched,
// and the gallery row is unique per job, so a message handled twice creates and charges once. Credits were
// charged when the job was created; a job that cannot be made is marked failed and refunded here, and whatever
// keeps failing past the queue's retries lands in the dead-letter queue, which does the same.
import type { JobSettings } from "../../lib/schemas/images";
import { notifyAccount } from "../notifications/background";
import { inAccount } from "../account/client";
import { base64Encode } from "../auth/crypto";
import { resolveTarget } from "../ai/providers";
import { refundCredits } from "../credits";
import type { AppEnv } from "../env";
import { demoTranslation } from "./demo-translate";
import { renderDemoArt, renderDemoLogo, renderDemoTattoo } from "./demo-renderer";
import { renderDemoEdit } from "./demo-edit";
import { editWithGemini } from "./gemini-edit";
import {
  classifyProviderError,
  editPictureWithProvider,
  editWithProvider,
  generateWithProvider,
  JobFailure,
  resolveImageEngine,
  translateWithProvider,
} from "./engines";
import type { EditSource, ImageJob, SourcePhoto } from "./job-operations";
import { jobSettings, VECTOR_MODEL } from "./jobs";
import { isImageJobMessage, type ImageJobMessage } from "./messages";
import { renderTextLogo, TEXT_LOGO_HEIGHT, TEXT_LOGO_WIDTH } from "./logo-svg";
import { consumeEach } from "../queue-consumer";
import { accountFileKey } from "../account/files";
import { isAccountDeleted } from "../account/tombstone";

/** Attempts before a job is marked failed and refunded (the queue's max_retries, plus the first try). */
export const MAX_ATTEMPTS = 4;
export const IMAGE_JOBS_QUEUE = "image-jobs";
export const DEAD_LETTER_QUEUE = "image-jobs-dlq";

const extensionFor: Record<string, string> = { "image/svg+xml": "svg", "image/png": "png", "image/jpeg": "jpg" };

export async function processImageJobs(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  if (batch.queue === DEAD_LETTER_QUEUE) return processDeadLetters(batch, env);
  await consumeEach(batch, {
    name: "image-jobs",
    isMessage: isImageJobMessage,
    handle: async (message) => ((await processImageJob(env, message)) === "retry" ? "retry" : "done"),
    retryDelaySeconds: (attempts) => Math.min(60, 2 ** attempts),
  });
}

/**
 * Marks a job failed (if it is not finished) and refunds its credits; true when this call did it. A deleted account's
 * job has nothing left to fail or refund (decision 0033).
 */
async function failJob(env: AppEnv, { jobId, accountId }: ImageJobMessage, code: string): Promise<boolean> {
  const failed = await inAccount(env, accountId, "imageJobs.fail", { jobId, code }).catch((error: unknown) => {
    if (isAccountDeleted(error)) return null;
    throw error;
  });
  if (!failed) return false;
  await refundCredits(env, accountId, failed.creditKey);
  return true;
}

/** Messages the queue gave up on (the consumer kept throwing): the job fails and its credits come back. */
export async function processDeadLetters(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  for (const message of batch.messages) {
    if (isImageJobMessage(message.body) && (await failJob(env, message.body, "image/provider-failed"))) {
      console.error("image-jobs: dead-lettered job failed and refunded", message.body.jobId);
    }
    message.ack();
  }
}

const STYLE_WORDS: Record<string, string> = {
  none: "",
  photographic: "Photorealistic photograph, natural light.",
  "digital-art": "Digital art, vivid colours.",
  anime: "Anime illustration.",
  watercolor: "Watercolour painting on paper.",
  "oil-painting": "Oil painting with visible brush strokes.",
  "3d-render": "3D render, soft studio lighting.",
  "pixel-art": "Pixel art.",
  sketch: "Pencil sketch.",
};

const LOGO_STYLE_WORDS: Record<string, string> = {
  basic: "simple, clean",
  corporate: "professional corporate",
  "graffiti-fun": "playful graffiti",
  luxury: "elegant luxury",
  "rustic-label": "rustic vintage label",
  nature: "organic, nature-inspired",
};

const TATTOO_THEME_WORDS: Record<string, string> = {
  geometric: "geometric patterns",
  nature: "nature",
  spiritual: "spiritual symbols",
  skull: "a skull",
  space: "outer space",
  tree: "a tree",
};

async function dataUrlOf(env: AppEnv, source: SourcePhoto | null): Promise<{ bytes: Uint8Array; contentType: "image/png" | "image/jpeg"; dataUrl: string }> {
  const object = source ? await env.MEDIA.get(source.r2Key) : null;
  // The photo was deleted: nothing to work from, and waiting will not bring it back.
  if (!source || !object) throw new JobFailure("image/provider-failed", false);
  const bytes = new Uint8Array(await object.arrayBuffer());
  return { bytes, contentType: source.contentType, dataUrl: `data:${source.contentType};base64,${base64Encode(bytes)}` };
}

interface Made {
  bytes: Uint8Array;
  contentType: string;
  width: number;
  height: number;
  model: string;
}

/** Makes the picture of an image, logo or tattoo job. */
async function makePicture(env: AppEnv, source: SourcePhoto | null, settings: Exclude<JobSettings, { tool: "photo-translate" }>): Promise<Made> {
  if (settings.tool === "logo-maker" && settings.kind === "text") {
    return {
      bytes: new TextEncoder().encode(renderTextLogo(settings)),
      contentType: "image/svg+xml",
      width: TEXT_LOGO_WIDTH,
      height: TEXT_LOGO_HEIGHT,
      model: VECTOR_MODEL,
    };
  }
  const engine = resolveImageEngine(env, settings.model);
  if (!engine) throw new JobFailure("image/no-provider", false);
  const demo = engine.kind === "demo";
  const model = engine.kind === "demo" ? "demo" : engine.imageModel;
  switch (settings.tool) {
    case "image-generation": {
      if (settings.edit) {
        const photo = await dataUrlOf(env, source);
        const maskObject = settings.edit.maskKey ? await env.MEDIA.get(settings.edit.maskKey) : null;
        const mask = maskObject ? new Uint8Array(await maskObject.arrayBuffer()) : null;
        if (demo) return { ...(await renderDemoEdit({ prompt: settings.prompt, photo: photo.bytes, mask })), model };
        const change = { prompt: settings.prompt, photo: photo.bytes, photoType: photo.contentType, mask };
        const edited = engine.provider === "google" ? await editWithGemini(engine, change) : await editPictureWithProvider(engine, change);
        return { ...edited, model: engine.editModel ?? model };
      }
      if (demo) return { ...(await renderDemoArt(settings)), model };
      const prompt = [settings.prompt, STYLE_WORDS[settings.style]].filter(Boolean).join("\n");
      return { ...(await generateWithProvider(engine, { prompt, aspectRatio: settings.aspectRatio })), model };
    }
    case "logo-maker": {
      if (demo) return { ...(await renderDemoLogo(settings)), model };
      const colours =
        settings.primaryColor || settings.secondaryColor ? ` Colours: ${[settings.primaryColor, settings.secondaryColor].filter(Boolean).join(" and ")}.` : "";
      const prompt = `A ${LOGO_STYLE_WORDS[settings.style]} logo for the brand "${settings.brandName}"${settings.slogan ? ` with the slogan "${settings.slogan}"` : ""}.${colours} A centred emblem with legible lettering on a plain background, suitable for print and screens.`;
      return { ...(await generateWithProvider(engine, { prompt, aspectRatio: "1:1", transparent: true })), model };
    }
    case "tattoo-generator": {
      if (demo) return { ...(await renderDemoTattoo(settings)), model };
      const theme = TATTOO_THEME_WORDS[settings.theme];
      const detail = settings.description ? `: ${settings.description}` : "";
      const photo = await dataUrlOf(env, source);
      return {
        ...(await editWithProvider(engine, {
          prompt: `Add a tattoo of ${theme}${detail} to the visible skin in this photo. Black ink line work, realistic placement that follows the body; keep the person and everything else unchanged.`,
          designPrompt: `A tattoo design of ${theme}${detail}. Black ink line work on a plain white background, stencil ready.`,
          photo: photo.bytes,
          photoType: photo.contentType,
        })),
        model,
      };
    }
  }
}

export async function processImageJob(env: AppEnv, message: ImageJobMessage): Promise<"done" | "failed" | "skipped" | "retry"> {
  const { jobId, accountId } = message;
  // Claim the job: only a queued or running (interrupted) job moves on; done/failed ones are left alone.
  const claimed = await inAccount(env, accountId, "imageJobs.claim", { jobId });
  if (!claimed) return "skipped";
  const { job, source } = claimed;

  try {
    const settings = jobSettings(job);
    if (!settings) throw new JobFailure("image/provider-failed", false);

    if (settings.tool === "photo-translate") {
      let result;
      const target = resolveTarget(env, settings.model);
      if (!target) throw new JobFailure("image/model-unavailable", false);
      if (target.kind === "demo") result = demoTranslation(settings.targetLanguage);
      else result = await translateWithProvider(target, { imageDataUrl: (await dataUrlOf(env, source)).dataUrl, targetLanguage: settings.targetLanguage });
      await inAccount(env, accountId, "imageJobs.finish", { jobId, resultText: JSON.stringify(result) });
      return "done";
    }

    // An earlier attempt stored the picture but stopped before marking the job done: finish, do not redraw.
    if (claimed.stored) {
      await inAccount(env, accountId, "imageJobs.finish", { jobId });
      return "done";
    }
    const made = await makePicture(env, source, settings);
    const key = accountFileKey("gallery", accountId, `${job.id}.${extensionFor[made.contentType] ?? "bin"}`);
    await env.MEDIA.put(key, made.bytes, { httpMetadata: { contentType: made.contentType } });
    await inAccount(env, accountId, "imageJobs.finish", { jobId, image: galleryEntry(job, made, key, source) }).catch(async (error: unknown) => {
      // Refused because the account is being deleted (decision 0033): its picture goes too, even if its R2 sweep is over.
      if (isAccountDeleted(error)) await env.MEDIA.delete(key);
      throw error;
    });
    await notifyAccount(env, accountId, "image-ready", "imageReady", "/gallery");
    return "done";
  } catch (error) {
    if (isAccountDeleted(error)) throw error;
    const failure = classifyProviderError(error);
    console.error("image-jobs: attempt failed", job.id, `attempt ${job.attempts}`, failure.code, error);
    if (failure.transient && job.attempts < MAX_ATTEMPTS) return "retry";
    await failJob(env, message, failure.code);
    return "failed";
  }
}

function galleryEntry(job: ImageJob, made: Made, r2Key: string, source: SourcePhoto | EditSource | null) {
  return {
    // An edit of a gallery picture is a new version of its original (decision 0029).
    sourceImageId: source && "originalId" in source ? source.originalId : null,
    id: crypto.randomUUID(),
    ownerId: job.ownerId,
    jobId: job.id,
    tool: job.tool,
    prompt: job.prompt,
    model: made.model,
    params: job.params,
    r2Key,
    contentType: made.contentType,
    width: made.width,
    height: made.height,
    bytes: made.bytes.byteLength,
  };
}
