// "Download my data" requests (decision 0018): the owner asks, a row is stored `queued` in the account's object
// (exports/operations.ts, decision 0026) and a message goes to the data-exports queue; the page polls the latest
// export; the finished archive is served to its owner alone for 7 days.
import { inAccount } from "../account/client";
import type { DataExport } from "../../../db/account-schema";
import { EXPORT_ID_PATTERN, type DataExportView } from "../../lib/schemas/exports";
import { randomToken } from "../auth/crypto";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";

export function downloadUrl(exportId: string): string {
  return `/api/exports/${encodeURIComponent(exportId)}/download`;
}

/** A ready archive past its 7 days reads as expired before the account's alarm has deleted it (operations.ts). */
function isExpired(row: Pick<DataExport, "status" | "expiresAt">, now: number): boolean {
  return row.status === "expired" || (row.status === "ready" && row.expiresAt !== null && row.expiresAt <= now);
}

export function toExportView(row: DataExport, now = Date.now()): DataExportView {
  const status = isExpired(row, now) ? "expired" : row.status;
  return {
    id: row.id,
    status,
    progress: status === "ready" ? 100 : row.progress,
    createdAt: row.createdAt,
    expiresAt: status === "ready" ? row.expiresAt : null,
    bytes: status === "ready" ? row.bytes : null,
    downloadUrl: status === "ready" ? downloadUrl(row.id) : null,
  };
}

/** The account's most recent export, or null when it never asked for one (or the last one was cleaned up). */
export async function latestExport(env: AppEnv, ownerId: string, now = Date.now()): Promise<DataExportView | null> {
  const row = await inAccount(env, ownerId, "dataExports.latest");
  return row ? toExportView(row, now) : null;
}

/**
 * Starts an export: refused while another is queued or running (one at a time, also held by a partial unique index) and
 * after 3 in 24 hours (429 with the wait until the oldest of them leaves the window). A message that cannot be sent
 * leaves the row failed, so the next press can start again.
 */
export async function requestExport(env: AppEnv, ownerId: string, origin: string, now = Date.now()): Promise<DataExportView> {
  const id = randomToken(16);
  const outcome = await inAccount(env, ownerId, "dataExports.request", { id, now });
  if (!outcome.ok) {
    if (outcome.code === "export/rate-limited") throw new AppError("export/rate-limited", { retryAfterSeconds: secondsToWait(outcome.waitMs) });
    throw new AppError(outcome.code);
  }
  try {
    await env.DATA_EXPORTS.send({ exportId: id, ownerId, origin });
  } catch (error) {
    console.error("data-exports: could not enqueue", id, error);
    await inAccount(env, ownerId, "dataExports.fail", { id, errorCode: "export/queue-failed", now: Date.now() });
    throw new AppError("export/queue-failed");
  }
  return toExportView(outcome.row, now);
}

/**
 * The owner's ready archive, opened from R2 for streaming. Another account's id, a malformed one and a vanished one are
 * all "not found"; one still being made is "not ready"; one past its 7 days is "expired" (410).
 */
export async function openExport(env: AppEnv, ownerId: string, exportId: string, now = Date.now()): Promise<{ object: R2ObjectBody; filename: string }> {
  if (!EXPORT_ID_PATTERN.test(exportId)) throw new AppError("export/not-found");
  // Only the owner's object is asked: another account's id is not there.
  const row = await inAccount(env, ownerId, "dataExports.find", { id: exportId });
  if (!row) throw new AppError("export/not-found");
  if (isExpired(row, now)) throw new AppError("export/expired");
  if (row.status !== "ready" || !row.r2Key) throw new AppError(row.status === "failed" ? "export/not-found" : "export/not-ready");
  const object = await env.MEDIA.get(row.r2Key);
  if (!object) throw new AppError("export/expired");
  return { object, filename: `nova-data-${new Date(row.createdAt).toISOString().slice(0, 10)}.zip` };
}
