// Abandoned uploads (decision 0013): a photo picked in a form or the composer and never sent. After 24 hours an upload
// nothing refers to is deleted, its row and its R2 object. Uploads live in their account's object (decision 0026), so
// each object cleans up its own with its alarm (account/alarms.ts), set when an upload is stored to 24 hours later.
import { and, asc, eq, gt, gte, inArray, lt, notExists, or } from "drizzle-orm";
import type { AccountAlarms } from "../account/alarms";
import { accountSchema, type AccountContext } from "../account/schema";

export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_CLEANUP_TASK = "uploads.cleanup";

const { chatMessages, imageJobs, projectImages, uploads } = accountSchema;

/** Wakes the account's clean-up at `createdAt` + 24 hours (or earlier, if it is already due earlier). */
export function scheduleUploadCleanup(alarms: AccountAlarms, createdAt: number): Promise<void> {
  return alarms.schedule(UPLOAD_CLEANUP_TASK, createdAt + ABANDONED_UPLOAD_AGE_MS);
}

/**
 * Everything inside the account's object that can refer to an upload (each a partial index, so a lookup):
 * - a chat message's attachment (web or WhatsApp);
 * - an image job's source photo (tattoo generator, photo translate), which gallery entries and "use again" rely on;
 * - a project's image (decision 0038-projects), kept until it is removed from the project or the project is deleted.
 * Adding a new place that keeps an upload id means adding it here (or, for a D1 table, to SHOWN_OUTSIDE).
 */
export const referencedHere = (db: AccountContext["db"]) => [
  notExists(db.select().from(chatMessages).where(eq(chatMessages.attachmentId, uploads.id))),
  notExists(db.select().from(imageJobs).where(eq(imageJobs.sourceUploadId, uploads.id))),
  notExists(db.select().from(projectImages).where(eq(projectImages.uploadId, uploads.id))),
];

/**
 * What refers to an upload from D1 (global tables), asked once per batch: a shared link's snapshot of a message with
 * an attachment (share/links.ts, outlives an edited message), and a profile photo (auth/avatar.ts: avatars are
 * upload rows too, referred to by key from users.profile_photo_key). Both are partial indexes (migrations 0005, 0006).
 */
const SHOWN_OUTSIDE = `
  SELECT attachment_id AS ref FROM shared_messages WHERE attachment_id IN (SELECT value FROM json_each(?1))
  UNION ALL SELECT profile_photo_key FROM users WHERE profile_photo_key IN (SELECT value FROM json_each(?2))`;

/** The ids of `candidates` that no shared page or profile photo shows (asked of D1 once for all of them). */
export async function notShownOutside(env: AccountContext["env"], candidates: { id: string; r2Key: string }[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const shown = await env.DB.prepare(SHOWN_OUTSIDE)
    .bind(JSON.stringify(candidates.map((row) => row.id)), JSON.stringify(candidates.map((row) => row.r2Key)))
    .all<{ ref: string }>();
  const refs = new Set(shown.results.map((row) => row.ref));
  return candidates.filter((row) => !refs.has(row.id) && !refs.has(row.r2Key)).map((row) => row.id);
}

export interface CleanupResult {
  deleted: number;
  /** The last batch was full: there may be more, left for the next run. */
  more: boolean;
  /** When the alarm should look again (null: only once a new upload is stored). */
  nextAt: number | null;
}

/**
 * Deletes the account's uploads older than 24 hours that nothing refers to, at most `batchSize × maxBatches` per run
 * so one run stays short. Safe to run twice or at once: a row is deleted only once, and only if still unreferenced
 * when it is deleted (a message sent with the photo a moment ago keeps it). The rows go first, then the R2 objects of
 * exactly those rows; if that fails, the objects are left without rows (never shown to anyone) and it is logged.
 */
export async function cleanUpAbandonedUploads(
  { db, env }: Pick<AccountContext, "db" | "env">,
  options: { now?: number; batchSize?: number; maxBatches?: number } = {},
): Promise<CleanupResult> {
  const { now = Date.now(), batchSize = 100, maxBatches = 20 } = options;
  const cutoff = now - ABANDONED_UPLOAD_AGE_MS;
  let deleted = 0;
  let more = false;
  let lastSeen: Position | null = null;
  for (let batch = 0; batch < maxBatches; batch++) {
    const candidates = db
      .select({ id: uploads.id, r2Key: uploads.r2Key, createdAt: uploads.createdAt })
      .from(uploads)
      .where(and(lt(uploads.createdAt, cutoff), after(lastSeen), ...referencedHere(db)))
      .orderBy(asc(uploads.createdAt), asc(uploads.id))
      .limit(batchSize)
      .all();
    if (candidates.length === 0) break;
    lastSeen = candidates[candidates.length - 1]!;
    const abandoned = await notShownOutside(env, candidates);
    const keys = abandoned.length
      ? db
          .delete(uploads)
          .where(and(inArray(uploads.id, abandoned), ...referencedHere(db)))
          .returning({ r2Key: uploads.r2Key })
          .all()
          .map((row) => row.r2Key)
      : [];
    if (keys.length > 0) {
      try {
        // R2 deletes up to 1,000 keys in one call; deleting a key that is already gone is not an error.
        await env.MEDIA.delete(keys);
      } catch (error) {
        console.error("uploads cleanup: rows deleted but their files could not be", keys, error);
        throw error;
      }
    }
    deleted += keys.length;
    more = candidates.length === batchSize && batch === maxBatches - 1;
    if (candidates.length < batchSize) break;
  }
  return { deleted, more, nextAt: nextCleanup(db, now, cutoff, more) };
}

type Position = { createdAt: number; id: string };

/** Past the last candidate looked at in this run (kept ones stay, so the next batch starts after them). */
function after(position: Position | null) {
  if (!position) return undefined;
  return or(gt(uploads.createdAt, position.createdAt), and(eq(uploads.createdAt, position.createdAt), gt(uploads.id, position.id)));
}

/**
 * The next run: when the youngest upload turns 24 hours old; a minute from now when this run left a full batch; and a
 * day from now while old uploads remain that a reference keeps, since the reference may go (a deleted chat or link).
 */
function nextCleanup(db: AccountContext["db"], now: number, cutoff: number, lookAgainSoon: boolean): number | null {
  const youngest = db
    .select({ createdAt: uploads.createdAt })
    .from(uploads)
    .where(gte(uploads.createdAt, cutoff))
    .orderBy(asc(uploads.createdAt))
    .limit(1)
    .get();
  const referencedOld = db.select({ id: uploads.id }).from(uploads).where(lt(uploads.createdAt, cutoff)).limit(1).get();
  const times = [
    youngest ? youngest.createdAt + ABANDONED_UPLOAD_AGE_MS : Infinity,
    lookAgainSoon ? now + 60_000 : Infinity,
    referencedOld ? now + ABANDONED_UPLOAD_AGE_MS : Infinity,
  ];
  const next = Math.min(...times);
  return Number.isFinite(next) ? next : null;
}
