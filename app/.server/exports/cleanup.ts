// The hourly clean-up of data exports (decision 0018), run by the scheduled handler beside the uploads clean-up:
// archives past their 7 days are deleted from R2 (the row stays, marked expired, so the link says "expired" rather
// than "not found"); exports stuck queued or running for an hour (a consumer that died) are marked failed, so the
// owner can ask again; rows older than 30 days, long out of the daily limit's window, are deleted.
import { and, eq, inArray, lt } from "drizzle-orm";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { exportKey } from "./requests";

export const STUCK_EXPORT_MS = 60 * 60 * 1000;
export const EXPORT_ROW_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export interface ExportCleanupResult {
  expired: number;
  failed: number;
  removed: number;
}

export async function cleanUpDataExports(env: AppEnv, now = Date.now()): Promise<ExportCleanupResult> {
  const db = getDb(env);
  const { dataExports } = schema;
  // Rows first, then their files: an archive whose row already says expired is never served, even if the delete fails.
  const expired = await db
    .update(dataExports)
    .set({ status: "expired", r2Key: null, updatedAt: now })
    .where(and(eq(dataExports.status, "ready"), lt(dataExports.expiresAt, now)))
    .returning({ ownerId: dataExports.ownerId, id: dataExports.id });
  const keys = expired.map((row) => exportKey(row.ownerId, row.id));
  for (let start = 0; start < keys.length; start += 1000) await env.MEDIA.delete(keys.slice(start, start + 1000));

  const failed = await db
    .update(dataExports)
    .set({ status: "failed", errorCode: "export/stuck", updatedAt: now })
    .where(and(inArray(dataExports.status, ["queued", "running"]), lt(dataExports.updatedAt, now - STUCK_EXPORT_MS)))
    .returning({ id: dataExports.id });

  const removed = await db
    .delete(dataExports)
    .where(and(inArray(dataExports.status, ["expired", "failed"]), lt(dataExports.createdAt, now - EXPORT_ROW_KEEP_MS)))
    .returning({ id: dataExports.id });
  return { expired: expired.length, failed: failed.length, removed: removed.length };
}
