// Storing an uploaded image: checked by content first, then written to R2 under a server-made key and recorded.
// Nothing is stored when the check fails; if the row cannot be written, the object is removed again.
import { and, eq } from "drizzle-orm";
import { nextUtcMidnight, utcDay } from "../../lib/time";
import { inAccount } from "../account/client";
import { countAttempt, forgiveAttempt } from "../auth/throttle";
import { addressBucket } from "../credits/address";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";
import { UPLOAD_LIMITS, type StoragePlan } from "../write-limits";
import { checkImage, MAX_UPLOAD_BYTES } from "./validate";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function storeUpload(env: AppEnv, ownerId: string, file: File | null, maxBytes = MAX_UPLOAD_BYTES) {
  if (!file || typeof file === "string") throw new AppError("upload/empty");
  if (file.size > maxBytes) throw new AppError("upload/too-large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkImage(bytes, maxBytes);
  if (!check.ok) throw new AppError(check.code);
  const id = crypto.randomUUID();
  const r2Key = `uploads/${ownerId}/${id}.${check.contentType === "image/png" ? "png" : "jpg"}`;
  await env.MEDIA.put(r2Key, bytes, { httpMetadata: { contentType: check.contentType } });
  try {
    await getDb(env).insert(schema.uploads).values({
      id,
      ownerId,
      r2Key,
      contentType: check.contentType,
      bytes: check.bytes,
      width: check.width,
      height: check.height,
    });
  } catch (error) {
    await env.MEDIA.delete(r2Key);
    throw error;
  }
  return { id, contentType: check.contentType, width: check.width, height: check.height };
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
 * is stored (so parallel ones cannot slip past) and given back when the file is refused, since nothing was stored.
 */
export async function storeGuestUpload(env: AppEnv, guestId: string, address: string, dailyLimit: number, file: File | null, now = Date.now()) {
  const counted = await countDailyUpload(env, `uploads:address:${addressBucket(address)}`, dailyLimit, "upload/rate-limited", now);
  try {
    return await storeUpload(env, guestId, file);
  } catch (error) {
    await forgiveAttempt(env, counted.key, counted.attempt);
    throw error;
  }
}

/** Bytes an account keeps: its uploads (profile photos included), its creations and its kept WhatsApp voice notes, as their rows recorded them. */
export async function storageUsed(env: AppEnv, ownerId: string): Promise<number> {
  const [row, voiceNoteBytes] = await Promise.all([
    env.DB.prepare(
      `SELECT (SELECT COALESCE(SUM(bytes), 0) FROM uploads WHERE owner_id = ?1) + (SELECT COALESCE(SUM(bytes), 0) FROM gallery_images WHERE owner_id = ?1) AS used`,
    )
      .bind(ownerId)
      .first<{ used: number }>(),
    // Voice notes live in the account's own object (decision 0026).
    inAccount(env, ownerId, "voiceNote.bytes"),
  ]);
  return (row?.used ?? 0) + voiceNoteBytes;
}

/** What Settings › Account shows: the bytes kept and the plan's quota. */
export async function storageSummary(env: AppEnv, owner: { accountId: string; plan: StoragePlan }) {
  return { usedBytes: await storageUsed(env, owner.accountId), quotaBytes: UPLOAD_LIMITS.storageQuotaBytes[owner.plan] };
}

/**
 * Runs `store` (an account's upload or profile photo of `bytes`) within the account's allowance (decision 0013):
 * UPLOAD_LIMITS.accountDaily a UTC day (429 upload/daily-limit with the wait) and the plan's storage quota (413
 * upload/quota-exceeded naming it). A refused or failed upload is not counted.
 */
export async function withUploadAllowance<T>(
  env: AppEnv,
  owner: { accountId: string; plan: StoragePlan },
  bytes: number,
  store: () => Promise<T>,
  now = Date.now(),
) {
  const counted = await countDailyUpload(env, `uploads:account:${owner.accountId}`, UPLOAD_LIMITS.accountDaily, "upload/daily-limit", now);
  try {
    const quotaBytes = UPLOAD_LIMITS.storageQuotaBytes[owner.plan];
    if ((await storageUsed(env, owner.accountId)) + bytes > quotaBytes) throw new AppError("upload/quota-exceeded", { quotaBytes });
    return await store();
  } catch (error) {
    await forgiveAttempt(env, counted.key, counted.attempt);
    throw error;
  }
}

/** An upload's bytes, only for its owner (anyone else gets "not found"). */
export async function readUpload(env: AppEnv, ownerId: string, uploadId: string) {
  const upload = await getDb(env).query.uploads.findFirst({ where: and(eq(schema.uploads.id, uploadId), eq(schema.uploads.ownerId, ownerId)) });
  if (!upload) throw new AppError("request/not-found");
  const object = await env.MEDIA.get(upload.r2Key);
  if (!object) throw new AppError("request/not-found");
  return { upload, body: object.body };
}
