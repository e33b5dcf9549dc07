// Every endpoint that keeps data has a limit (SECURITY.md "Every endpoint that stores something"). The numbers live
// here; uploads and the storage quota are explained in docs/decisions/0013-upload-limits-and-cleanup.md. Counts are
// exact (the AuthThrottle Durable Object counts before anything is stored, so parallel requests cannot slip past).
import type { ThrottleWindow } from "./auth/throttle-counter";
import { countAttempt } from "./auth/throttle";
import { AppError, secondsToWait, type ErrorCode } from "./errors";

const HOUR = 60 * 60 * 1000;
const MB = 1024 * 1024;

/** Per account, sliding windows. */
export const WRITE_LIMITS = {
  /** "Continue this chat": each copies a whole conversation (and, for another owner's link, its images). */
  continueShare: { limit: 20, windowMs: HOUR },
  /** New share links. */
  shareCreate: { limit: 50, windowMs: HOUR },
  /** "Update link": each takes a new snapshot of the thread. */
  shareUpdate: { limit: 30, windowMs: HOUR },
  /** The birth chart saved to the gallery (an SVG in R2 and a gallery row each time). */
  chartSave: { limit: 20, windowMs: HOUR },
} as const satisfies Record<string, ThrottleWindow>;

export type MeteredWrite = keyof typeof WRITE_LIMITS;

export const UPLOAD_LIMITS = {
  /** An account's uploads (chat attachments, tool photos, profile photos) per UTC day. Visitors: UPLOADS_GUEST_DAILY per address. */
  accountDaily: 100,
  /** What an account may keep, counted from the stored sizes of its uploads and creations. */
  storageQuotaBytes: { free: 500 * MB, pro: 10 * 1024 * MB },
} as const;

export type StoragePlan = keyof typeof UPLOAD_LIMITS.storageQuotaBytes;

/** Counts one write of `accountId`; when its window is full, throws `code` (a 429) with the wait. */
export async function meterWrite(env: Parameters<typeof countAttempt>[0], write: MeteredWrite, accountId: string, code: ErrorCode): Promise<void> {
  const attempt = await countAttempt(env, `write:${write}:${accountId}`, WRITE_LIMITS[write]);
  if (!attempt.allowed) throw new AppError(code, { retryAfterSeconds: secondsToWait(attempt.retryAfterMs) });
}
