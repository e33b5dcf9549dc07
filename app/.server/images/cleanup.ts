// Abandoned uploads (decision 0013): a photo picked in a form or the composer and never sent. After 24 hours an upload
// nothing refers to is deleted, its D1 row and its R2 object, by the hourly scheduled handler (workers/app.ts).
import type { AppEnv } from "../env";

export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Everything that can refer to an upload. Adding a new place that keeps an upload id (or key) means adding it here.
 * - a chat message's attachment (web or WhatsApp);
 * - an image job's source photo (tattoo generator, photo translate), which gallery entries and "use again" rely on;
 * - a profile photo: avatars are upload rows too (auth/avatar.ts), referred to by key from users.profile_photo_key;
 * - a shared link's snapshot of a message with an attachment (share/links.ts), which outlives an edited message.
 * Each has a partial index (migrations 0005 and 0006), so the checks are lookups, not scans.
 */
const UNREFERENCED = `
  NOT EXISTS (SELECT 1 FROM chat_messages WHERE chat_messages.attachment_id = uploads.id)
  AND NOT EXISTS (SELECT 1 FROM image_jobs WHERE image_jobs.source_upload_id = uploads.id)
  AND NOT EXISTS (SELECT 1 FROM users WHERE users.profile_photo_key = uploads.r2_key)
  AND NOT EXISTS (SELECT 1 FROM shared_messages WHERE shared_messages.attachment_id = uploads.id)`;

/**
 * One batch in one statement: the rows go first, and only rows still unreferenced at that instant (a message sent with
 * the photo a moment ago keeps it). The R2 objects of exactly those rows go next. If that fails, the objects are left
 * without rows: never shown to anyone, and logged.
 */
const DELETE_BATCH = `
  DELETE FROM uploads WHERE id IN (
    SELECT id FROM uploads WHERE created_at < ?1 AND ${UNREFERENCED} ORDER BY created_at LIMIT ?2
  ) RETURNING r2_key`;

export interface CleanupResult {
  deleted: number;
  /** The last batch was full: there may be more, left for the next run. */
  more: boolean;
}

/**
 * Deletes uploads older than 24 hours that nothing refers to, whoever owns them (visitors and accounts alike), at most
 * `batchSize × maxBatches` per run so one run stays short. Safe to run twice or at once: a row is deleted only once.
 */
export async function deleteAbandonedUploads(env: AppEnv, options: { now?: number; batchSize?: number; maxBatches?: number } = {}): Promise<CleanupResult> {
  const { now = Date.now(), batchSize = 100, maxBatches = 20 } = options;
  const cutoff = now - ABANDONED_UPLOAD_AGE_MS;
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const { results } = await env.DB.prepare(DELETE_BATCH).bind(cutoff, batchSize).all<{ r2_key: string }>();
    const keys = results.map((row) => row.r2_key);
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
    if (keys.length < batchSize) return { deleted, more: false };
  }
  return { deleted, more: true };
}
