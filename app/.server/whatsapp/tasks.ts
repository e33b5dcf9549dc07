// The task flows WhatsApp offers besides chat (and, in `tasks` mode, instead of it): photo translate from a photo
// captioned "translate", and a picture from "/image <description>". Both are ordinary creation jobs (images/jobs.ts:
// charged, queued, made by the queue consumer, kept with the user's creations); when a job ends, its result is
// sent back to the chat it came from.
import type { TranslateLanguage } from "../../lib/schemas/images";
import { defaultModelFor } from "../../lib/models";
import { findUser } from "../auth/accounts";
import type { AppConfig, AppEnv } from "../env";
import { isAppError } from "../errors";
import type { OperationResult } from "../account/operations";
import { inAccount } from "../account/client";
import type { Owner } from "../account/owner";
import { createJob } from "../images/jobs";
import type { ImageJobMessage } from "../images/messages";
import { storeUpload } from "../images/uploads";
import { storageQuotaOf } from "../account/usage";
import type { Plan } from "../credits";
import { formatBytes } from "../../lib/bytes";
import { MAX_UPLOAD_BYTES } from "../images/validate";
import { requestIdFor } from "./chat";
import { graphClient, MediaTooLarge } from "./graph";
import { repliesPause } from "./billing-pause";
import { linkedPhoneOf, numberObject } from "./number";
import { sendImage, sendReply, sendText, replyText, type Conversation } from "./replies";

/**
 * A photo the user sent, fetched through the Graph media API and stored like a web upload (same checks), within the
 * account's storage quota (decision 0013): past it the photo is not kept and the person is told why.
 */
export async function storeIncomingPhoto(
  env: AppEnv,
  conversation: Conversation,
  owner: { accountId: string; plan: Plan },
  mediaId: string,
): Promise<string | null> {
  const quotaBytes = storageQuotaOf(owner.plan);
  try {
    const media = await conversation.graph.downloadMedia(mediaId, MAX_UPLOAD_BYTES);
    const file = new File([media.bytes as Uint8Array<ArrayBuffer>], "whatsapp-photo", { type: media.mimeType });
    return (await storeUpload(env, owner.accountId, file, MAX_UPLOAD_BYTES, quotaBytes)).id;
  } catch (error) {
    if (!(error instanceof MediaTooLarge) && !isAppError(error)) console.error("whatsapp: photo not fetched", conversation.inboundId, error);
    if (isAppError(error) && error.code === "upload/quota-exceeded" && quotaBytes !== undefined)
      await sendReply(conversation, "storageFull", { quota: formatBytes(quotaBytes, conversation.locale) });
    else await sendReply(conversation, "imageFailed");
    return null;
  }
}

async function startJob(env: AppEnv, config: AppConfig, conversation: Conversation, owner: Owner, input: Parameters<typeof createJob>[3], failedKey: string) {
  try {
    const job = await createJob(env, config, owner, input);
    if (job.status === "failed") {
      await sendReply(conversation, failedKey);
      return;
    }
    // Remembered on the message in the number's object, so the queue consumer sends the result here when the job ends.
    await conversation.number.setJob(conversation.inboundId, job.id);
    await sendReply(conversation, input.tool === "photo-translate" ? "translating" : "imageStarted");
  } catch (error) {
    if (isAppError(error) && error.code === "credits/exhausted") {
      const resetsAt = error.resetsAt ?? Date.now();
      await sendReply(conversation, "outOfCredits", { time: new Date(resetsAt).toISOString().slice(11, 16) });
      return;
    }
    if (!isAppError(error)) throw error;
    console.error("whatsapp: job refused", conversation.inboundId, error.code);
    await sendReply(conversation, failedKey);
  }
}

export async function startPhotoTranslate(
  env: AppEnv,
  config: AppConfig,
  conversation: Conversation,
  owner: Owner,
  uploadId: string,
  targetLanguage: TranslateLanguage,
) {
  const requestId = await requestIdFor(conversation.inboundId);
  const model = defaultModelFor("photo-translate");
  await startJob(env, config, conversation, owner, { requestId, tool: "photo-translate", model, uploadId, targetLanguage }, "translateFailed");
}

export async function startImage(env: AppEnv, config: AppConfig, conversation: Conversation, owner: Owner, prompt: string) {
  const requestId = await requestIdFor(conversation.inboundId);
  const model = defaultModelFor("image-generation");
  await startJob(env, config, conversation, owner, { requestId, tool: "image-generation", model, prompt, style: "none", aspectRatio: "1:1" }, "imageFailedJob");
}

/**
 * Sends the results of jobs that came from WhatsApp and have ended. Each is claimed by clearing its job id in the
 * number's object, so a job delivered twice by the queue is sent once. Called by the app's queue handler after each batch of jobs.
 */
export async function deliverJobResults(env: AppEnv, config: AppConfig, jobs: ImageJobMessage[]): Promise<void> {
  if (jobs.length === 0 || !config.whatsapp.sending) return;
  const graph = graphClient(config.whatsapp);
  const seen = new Set<string>();
  for (const { jobId, accountId } of jobs) {
    if (seen.has(jobId)) continue;
    seen.add(jobId);
    const result = await inAccount(env, accountId, "imageJobs.result", { jobId });
    if (!result || (result.view.status !== "done" && result.view.status !== "failed")) continue;
    // The number linked to the job's account now, if any (a D1 read per finished job, no write): a job started
    // there is taken from its message in the number's object, so a job delivered twice is sent once.
    const phone = await linkedPhoneOf(env, accountId);
    const number = phone ? numberObject(env, phone) : null;
    const pending = number ? await number.takeJob(jobId) : null;
    // Unlinked (or moved to another account) since: the result stays with the creations on the web only.
    if (!phone || !number || !pending) continue;
    const conversation: Conversation = {
      number,
      graph,
      to: phone,
      inboundId: pending.id,
      sentAt: Math.max(pending.windowStart ?? 0, pending.receivedAt),
      locale: pending.locale ?? (await findUser(env, accountId))?.locale ?? "en",
      paused: (await repliesPause(env, config)) !== null,
    };
    await sendJobResult(env, conversation, result);
  }
}

type JobResult = NonNullable<OperationResult<"imageJobs.result">>;

async function sendJobResult(env: AppEnv, conversation: Conversation, { view: job, source, imageKey }: JobResult) {
  const photoTranslate = job.tool === "photo-translate";
  if (job.status === "failed") {
    await sendReply(conversation, photoTranslate ? "translateFailed" : "imageFailedJob");
    return;
  }
  if (photoTranslate) {
    const translation = job.translation;
    const language = translation
      ? (new Intl.DisplayNames([conversation.locale], { type: "language" }).of(translation.sourceLanguage) ?? translation.sourceLanguage)
      : "";
    const heading = await replyText(conversation.locale, "translated", { source: language });
    const body = [heading, ...(translation?.blocks ?? []).map((block) => block.translation || block.text)].join("\n");
    const object = source ? await env.MEDIA.get(source.r2Key) : null;
    // The photo comes back with its translation, as on the web where the two are shown side by side.
    if (object && source) {
      const bytes = new Uint8Array(await object.arrayBuffer());
      await sendImage(
        conversation,
        { bytes, mimeType: source.contentType, fileName: `translated.${source.contentType === "image/png" ? "png" : "jpg"}` },
        body,
      );
    } else await sendText(conversation, body);
    return;
  }
  const image = job.image;
  const stored = image && imageKey ? await env.MEDIA.get(imageKey) : null;
  if (!image || !stored) {
    await sendReply(conversation, "imageFailedJob");
    return;
  }
  // WhatsApp takes JPEG and PNG only: an SVG creation (a text logo) is not sent this way.
  if (image.contentType !== "image/png" && image.contentType !== "image/jpeg") {
    await sendReply(conversation, "imageMade");
    return;
  }
  const bytes = new Uint8Array(await stored.arrayBuffer());
  await sendImage(
    conversation,
    { bytes, mimeType: image.contentType, fileName: `creation.${image.contentType === "image/png" ? "png" : "jpg"}` },
    await replyText(conversation.locale, "imageMade"),
  );
}
