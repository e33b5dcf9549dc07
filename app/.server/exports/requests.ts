// "Download my data" requests (decision 0018): the owner asks, a row is stored `queued` and a message goes to the
// data-exports queue; the page polls the latest export; the finished archive is served to its owner alone for 7 days.
import { and, asc, desc, eq, gt } from "drizzle-orm";
import type { DataExport } from "../../../db/schema";
import { EXPORT_ID_PATTERN, type DataExportView } from "../../lib/schemas/exports";
import { randomToken } from "../auth/crypto";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError, secondsToWait } from "../errors";

/** Exports an account may request in any 24 hours (each reads everything the account holds). */
export const EXPORTS_PER_DAY = 3;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a finished archive is kept and served. */
export const EXPORT_KEEP_MS = 7 * DAY_MS;

export function exportKey(ownerId: string, exportId: string): string {
  return `exports/${ownerId}/${exportId}.zip`;
}

export function downloadUrl(exportId: string): string {
  return `/api/exports/${encodeURIComponent(exportId)}/download`;
}

/** A ready archive past its 7 days reads as expired before the hourly clean-up has deleted it. */
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
  const row = await getDb(env).query.dataExports.findFirst({
    where: eq(schema.dataExports.ownerId, ownerId),
    orderBy: [desc(schema.dataExports.createdAt), desc(schema.dataExports.id)],
  });
  return row ? toExportView(row, now) : null;
}

/**
 * Starts an export: refused while another is queued or running (one at a time, also held by a partial unique index) and
 * after 3 in 24 hours (429 with the wait until the oldest of them leaves the window). A message that cannot be sent
 * leaves the row failed, so the next press can start again.
 */
export async function requestExport(env: AppEnv, ownerId: string, origin: string, now = Date.now()): Promise<DataExportView> {
  const db = getDb(env);
  const recent = await db
    .select({ status: schema.dataExports.status, createdAt: schema.dataExports.createdAt })
    .from(schema.dataExports)
    .where(and(eq(schema.dataExports.ownerId, ownerId), gt(schema.dataExports.createdAt, now - DAY_MS)))
    .orderBy(asc(schema.dataExports.createdAt));
  if (recent.some((row) => row.status === "queued" || row.status === "running")) throw new AppError("export/in-progress");
  if (recent.length >= EXPORTS_PER_DAY) {
    const waitMs = recent[recent.length - EXPORTS_PER_DAY]!.createdAt + DAY_MS - now;
    throw new AppError("export/rate-limited", { retryAfterSeconds: secondsToWait(waitMs) });
  }
  const id = randomToken(16);
  const inserted = await db
    .insert(schema.dataExports)
    .values({ id, ownerId, status: "queued", createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  // Two presses at once: the unique index let one of them in.
  if (inserted.length === 0) throw new AppError("export/in-progress");
  try {
    await env.DATA_EXPORTS.send({ exportId: id, origin });
  } catch (error) {
    console.error("data-exports: could not enqueue", id, error);
    await db.update(schema.dataExports).set({ status: "failed", errorCode: "export/queue-failed", updatedAt: Date.now() }).where(eq(schema.dataExports.id, id));
    throw new AppError("export/queue-failed");
  }
  return toExportView(inserted[0]!, now);
}

/**
 * The owner's ready archive, opened from R2 for streaming. Another account's id, a malformed one and a vanished one are
 * all "not found"; one still being made is "not ready"; one past its 7 days is "expired" (410).
 */
export async function openExport(env: AppEnv, ownerId: string, exportId: string, now = Date.now()): Promise<{ object: R2ObjectBody; filename: string }> {
  if (!EXPORT_ID_PATTERN.test(exportId)) throw new AppError("export/not-found");
  const row = await getDb(env).query.dataExports.findFirst({
    where: and(eq(schema.dataExports.id, exportId), eq(schema.dataExports.ownerId, ownerId)),
  });
  if (!row) throw new AppError("export/not-found");
  if (isExpired(row, now)) throw new AppError("export/expired");
  if (row.status !== "ready" || !row.r2Key) throw new AppError(row.status === "failed" ? "export/not-found" : "export/not-ready");
  const object = await env.MEDIA.get(row.r2Key);
  if (!object) throw new AppError("export/expired");
  return { object, filename: `nova-data-${new Date(row.createdAt).toISOString().slice(0, 10)}.zip` };
}
