// Storing an uploaded image: checked by content first, then written to R2 under a server-made key and recorded in the
// account's own object (decision 0026), which cleans it up a day later if nothing refers to it (images/cleanup.ts).
// Nothing is stored when the check fails; if the row cannot be written, the object is removed again.
import { nextUtcMidnight, utcDay } from "../../lib/time";
import { inAccount } from "../account/client";
import { countAttempt, forgiveAttempt } from "../auth/throttle";
import { addressBucket } from "../credits/address";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";
import { UPLOAD_LIMITS, type StoragePlan } from "../write-limits";
import { deleteR2Keys } from "../storage/r2";
import type { NewUpload, Upload } from "./upload-operations";
import { checkImage, MAX_UPLOAD_BYTES, type ImageCheck } from "./validate";
import { accountFileKey } from "../account/files";

const DAY_MS = 24 * 60 * 60 * 1000;

export type { Upload } from "./upload-operations";

/** An upload the account's object refused at recording because the quota filled meanwhile (its file is deleted again). */
export const quotaFilled = (quotaBytes: number) => new AppError("upload/quota-exceeded", { quotaBytes });

export async function storeUpload(env: AppEnv, ownerId: string, file: File | null, maxBytes = MAX_UPLOAD_BYTES, quotaBytes?: number) {
  if (!file || typeof file === "string") throw new AppError("upload/empty");
  if (file.size > maxBytes) throw new AppError("upload/too-large");
  return storeImageBytes(env, ownerId, new Uint8Array(await file.arrayBuffer()), maxBytes, quotaBytes);
}

/** Stores an uploaded image whose bytes are already read (POST /api/uploads reads a file once for both checks). */
export async function storeImageBytes(env: AppEnv, ownerId: string, bytes: Uint8Array, maxBytes = MAX_UPLOAD_BYTES, quotaBytes?: number) {
  return storeCheckedImage(env, ownerId, bytes, checkedImage(bytes, maxBytes), { quotaBytes });
}

/** The image's check, or its refusal thrown (nothing is stored or counted yet). */
export function checkedImage(bytes: Uint8Array, maxBytes = MAX_UPLOAD_BYTES): CheckedImage {
  const check = checkImage(bytes, maxBytes);
  if (!check.ok) throw new AppError(check.code);
  return check;
}

export type CheckedImage = Extract<ImageCheck, { ok: true }>;

/**
 * Stores an image checkedImage accepted: POST /api/uploads checks before it takes the day's allowance (decision 0013).
 * `temporary`: the page's temporary chat attaches it, so it is kept an hour at most (decision 0027). `folder`: a
 * profile photo is kept under "avatars", every other image under "uploads"; either is recorded as an upload, so that
 * it counts in the account's storage.
 */
export async function storeCheckedImage(
  env: AppEnv,
  ownerId: string,
  bytes: Uint8Array,
  check: CheckedImage,
  { quotaBytes, temporary = false, folder = "uploads" }: { quotaBytes?: number; temporary?: boolean; folder?: "uploads" | "avatars" } = {},
) {
  const id = crypto.randomUUID();
  const r2Key = accountFileKey(folder, ownerId, `${id}.${check.contentType === "image/png" ? "png" : "jpg"}`);
  await env.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: check.contentType } });
  await recordUpload(
    env,
    ownerId,
    { id, r2Key, contentType: check.contentType, bytes: check.bytes, width: check.width, height: check.height, temporary },
    quotaBytes,
  );
  return { id, r2Key, contentType: check.contentType, width: check.width, height: check.height };
}

/**
 * Records an upload whose file is already in R2, within `quotaBytes` when given (else 413 upload/quota-exceeded); if
 * the row is not written, the file is removed again.
 */
export async function recordUpload(
  env: AppEnv,
  ownerId: string,
  upload: Omit<NewUpload, "ownerId"> & { temporary?: boolean },
  quotaBytes?: number,
): Promise<void> {
  let recorded;
  try {
    recorded = await inAccount(env, ownerId, "uploads.record", { ...upload, ownerId, quotaBytes });
  } catch (error) {
    await env.MEDIA.delete(upload.r2Key);
    throw error;
  }
  if (!recorded) {
    await env.MEDIA.delete(upload.r2Key);
    throw quotaFilled(quotaBytes!);
  }
}

/** The page ended its temporary chat (decision 0027): the owner's attachments it names that only it used go now. */
export function endTemporaryChat(env: AppEnv, ownerId: string, ids: string[]): Promise<number> {
  return inAccount(env, ownerId, "uploads.endTemporary", { ids });
}

/** Deletes uploads just made, rows first, then their files. */
export async function forgetUploads(env: AppEnv, ownerId: string, ids: string[]): Promise<void> {
  await deleteR2Keys(env, await inAccount(env, ownerId, "uploads.forget", { ids }));
}

/** One of the account's uploads, or null (gone, or another account's id). */
export function findUpload(env: AppEnv, ownerId: string, uploadId: string): Promise<Upload | null> {
  return inAccount(env, ownerId, "uploads.find", { id: uploadId });
}

/** Counts one upload in a per-UTC-day counter; when the day's count is full, throws `code` with the wait until midnight UTC. */
async function countDailyUpload(env: AppEnv, key: string, dailyLimit: number, code: "upload/rate-limited" | "upload/daily-limit", now: number) {
  const attempt = await countAttempt(env, `${key}:${utcDay(now)}`, { limit: dailyLimit, windowMs: DAY_MS });
  if (!attempt.allowed) {
    // The counter is per UTC day, so the next upload is possible at midnight UTC.
    throw new AppError(code, { retryAfterSeconds: secondsToWait(nextUtcMidnight(now) - now) });
  }
  return { key: `${key}:${utcDay(now)}`, attempt };
}

/**
 * A visitor's upload (decision 0013): at most `dailyLimit` per client address (IPv6: /64) per UTC day, whatever guest id
 * the cookie holds, counted exactly in the AuthThrottle object of that address and day. The upload is counted before it
 * is stored (so parallel ones cannot slip past) and given back when storing fails. Its file is checked before this is
 * called: a check that dies at the platform's CPU limit runs no catch, so it must not hold a counted upload.
 */
export async function storeGuestUpload<T>(env: AppEnv, address: string, dailyLimit: number, store: () => Promise<T>, now = Date.now()) {
  const counted = await countDailyUpload(env, `uploads:address:${addressBucket(address)}`, dailyLimit, "upload/rate-limited", now);
  try {
    return await store();
  } catch (error) {
    await forgiveAttempt(env, counted.key, counted.attempt);
    throw error;
  }
}

/** Every byte an account keeps, of every kind (account/usage.ts), as their rows recorded them. */
export async function storageUsed(env: AppEnv, ownerId: string): Promise<number> {
  return (await inAccount(env, ownerId, "storage.usage", {})).total;
}

/** What Settings › Account shows: the bytes kept by kind and in total (a temporary chat's attachments are not), and the plan's quota. */
export async function storageSummary(env: AppEnv, owner: { accountId: string; plan: StoragePlan }) {
  const { total, ...byKind } = await inAccount(env, owner.accountId, "storage.usage", { keptOnly: true });
  return { usedBytes: total, byKind, quotaBytes: UPLOAD_LIMITS.storageQuotaBytes[owner.plan] };
}

/**
 * Runs `store` (an account's upload or profile photo of `bytes`) within the account's allowance (decision 0013):
 * UPLOAD_LIMITS.accountDaily a UTC day (429 upload/daily-limit with the wait) and the plan's storage quota (413
 * upload/quota-exceeded naming it). A refused or failed upload is not counted. The quota is checked here before the
 * file is stored and handed to `store`, which records the row only if it still fits (fitsStorageQuota). Parsing the
 * file belongs before this call, as for storeGuestUpload.
 */
export async function withUploadAllowance<T>(
  env: AppEnv,
  owner: { accountId: string; plan: StoragePlan },
  bytes: number,
  store: (quotaBytes: number) => Promise<T>,
  now = Date.now(),
) {
  const counted = await countDailyUpload(env, `uploads:account:${owner.accountId}`, UPLOAD_LIMITS.accountDaily, "upload/daily-limit", now);
  try {
    const quotaBytes = UPLOAD_LIMITS.storageQuotaBytes[owner.plan];
    if ((await storageUsed(env, owner.accountId)) + bytes > quotaBytes) throw quotaFilled(quotaBytes);
    return await store(quotaBytes);
  } catch (error) {
    await forgiveAttempt(env, counted.key, counted.attempt);
    throw error;
  }
}

/** An upload's bytes, only for its owner (anyone else gets "not found": their object has no such row). */
export async function readUpload(env: AppEnv, ownerId: string, uploadId: string) {
  const upload = await findUpload(env, ownerId, uploadId);
  if (!upload) throw new AppError("request/not-found");
  const object = await env.MEDIA.get(upload.r2Key);
  if (!object) throw new AppError("request/not-found");
  return { upload, body: object.body };
}
