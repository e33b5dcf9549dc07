// "Download my data" (decision 0018) inside the account's object (decision 0026): its export rows, the reads its
// archive is made from, and the clean-up its alarm runs. requests.ts and consumer.ts call these by name.
import { and, asc, desc, eq, gt, inArray, lt, min } from "drizzle-orm";
import type { DataExport } from "../../../db/account-schema";
import { accountSchema, type AccountContext } from "../account/schema";
import { everyDocument } from "../documents/operations";
import { accountFileKey } from "../account/files";
import { everyUpload, exportPageOperations } from "./pages";

const { dataExports, chatThreads, chatMessages, galleryImages, voiceNotes, birthProfiles } = accountSchema;

/** The exports' task on the account object's alarm (account/alarms.ts). */
export const EXPORT_CLEANUP_TASK = "dataExports.cleanUp";

/** Exports an account may request in any 24 hours (each reads everything the account holds). */
export const EXPORTS_PER_DAY = 3;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a finished archive is kept and served. */
export const EXPORT_KEEP_MS = 7 * DAY_MS;
/** An export queued or running this long has lost its consumer: it is marked failed, so the owner can ask again. */
export const STUCK_EXPORT_MS = 60 * 60 * 1000;
/** Rows of expired and failed exports are kept this long (well past the daily limit's window), then deleted. */
export const EXPORT_ROW_KEEP_MS = 30 * DAY_MS;

export function exportKey(ownerId: string, exportId: string): string {
  return accountFileKey("exports", ownerId, `${exportId}.zip`);
}

export type ExportRequestOutcome =
  { ok: true; row: DataExport } | { ok: false; code: "export/in-progress" } | { ok: false; code: "export/rate-limited"; waitMs: number };

export const dataExportOperations = {
  "dataExports.latest": ({ db }: AccountContext): DataExport | null =>
    db.select().from(dataExports).orderBy(desc(dataExports.createdAt), desc(dataExports.id)).limit(1).get() ?? null,

  "dataExports.find": ({ db }: AccountContext, input: { id: string }): DataExport | null =>
    db.select().from(dataExports).where(eq(dataExports.id, input.id)).get() ?? null,

  /** One at a time (also held by a partial unique index) and 3 in 24 hours; checked and stored in one step. */
  "dataExports.request": async (account: AccountContext, input: { id: string; now: number }): Promise<ExportRequestOutcome> => {
    const { db, accountId } = account;
    const { id, now } = input;
    const recent = db
      .select({ status: dataExports.status, createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(gt(dataExports.createdAt, now - DAY_MS))
      .orderBy(asc(dataExports.createdAt))
      .all();
    if (recent.some((row) => row.status === "queued" || row.status === "running")) return { ok: false, code: "export/in-progress" };
    if (recent.length >= EXPORTS_PER_DAY)
      return { ok: false, code: "export/rate-limited", waitMs: recent[recent.length - EXPORTS_PER_DAY]!.createdAt + DAY_MS - now };
    const row = db
      .insert(dataExports)
      .values({ id, ownerId: accountId, status: "queued", createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning()
      .get();
    if (!row) return { ok: false, code: "export/in-progress" };
    // A consumer that dies leaves it queued: the clean-up marks it failed once it is stuck.
    await account.alarms.schedule(EXPORT_CLEANUP_TASK, now + STUCK_EXPORT_MS);
    return { ok: true, row };
  },

  /** The consumer takes an export (queued, or running from an attempt that failed); null when it is finished or gone. */
  "dataExports.begin": ({ db }: AccountContext, input: { id: string; attempt: number; now: number }): DataExport | null =>
    db
      .update(dataExports)
      .set({ status: "running", progress: 0, attempts: input.attempt, updatedAt: input.now })
      .where(and(eq(dataExports.id, input.id), inArray(dataExports.status, ["queued", "running"])))
      .returning()
      .get() ?? null,

  "dataExports.progress": ({ db }: AccountContext, input: { id: string; progress: number; now: number }): void => {
    db.update(dataExports)
      .set({ progress: input.progress, updatedAt: input.now })
      .where(and(eq(dataExports.id, input.id), eq(dataExports.status, "running")))
      .run();
  },

  /** Ready for 7 days; null when the export stopped running meanwhile (its archive then has no row to be found by). */
  "dataExports.finish": async (account: AccountContext, input: { id: string; r2Key: string; bytes: number; now: number }): Promise<DataExport | null> => {
    const expiresAt = input.now + EXPORT_KEEP_MS;
    const row = account.db
      .update(dataExports)
      .set({ status: "ready", progress: 100, r2Key: input.r2Key, bytes: input.bytes, expiresAt, errorCode: null, updatedAt: input.now })
      .where(and(eq(dataExports.id, input.id), eq(dataExports.status, "running")))
      .returning()
      .get();
    if (row) await account.alarms.schedule(EXPORT_CLEANUP_TASK, expiresAt);
    return row ?? null;
  },

  "dataExports.fail": ({ db }: AccountContext, input: { id: string; errorCode: string; now: number }): void => {
    db.update(dataExports)
      .set({ status: "failed", errorCode: input.errorCode, updatedAt: input.now })
      .where(and(eq(dataExports.id, input.id), inArray(dataExports.status, ["queued", "running"])))
      .run();
  },

  /** Everything the archive lists, read at once so progress can be counted against a known total (archive.ts). */
  "dataExports.inventory": ({ db }: AccountContext) => ({
    threads: db
      .select({
        id: chatThreads.id,
        title: chatThreads.title,
        tool: chatThreads.tool,
        toolPath: chatThreads.toolPath,
        channel: chatThreads.channel,
        createdAt: chatThreads.createdAt,
      })
      .from(chatThreads)
      .orderBy(asc(chatThreads.createdAt), asc(chatThreads.id))
      .all(),
    images: db.select().from(galleryImages).orderBy(asc(galleryImages.createdAt), asc(galleryImages.id)).all(),
    voiceNotes: db
      .select({
        messageId: voiceNotes.messageId,
        threadId: chatMessages.threadId,
        transcript: chatMessages.content,
        r2Key: voiceNotes.r2Key,
        seconds: voiceNotes.seconds,
        createdAt: voiceNotes.createdAt,
      })
      .from(voiceNotes)
      .innerJoin(chatMessages, eq(chatMessages.id, voiceNotes.messageId))
      .orderBy(asc(voiceNotes.createdAt), asc(voiceNotes.messageId))
      .all(),
    birthProfile: db.select().from(birthProfiles).get() ?? null,
    // Their text is read one document at a time while the archive is written (documents/export.ts).
    documents: everyDocument(db),
    uploads: everyUpload(db),
  }),
  // The paged reads of chats, translations and memory notes (pages.ts).
  ...exportPageOperations,
};

/**
 * The alarm's clean-up of this account's exports: archives past their 7 days are deleted from R2 (the row stays,
 * marked expired, so the link says "expired" rather than "not found"); exports stuck queued or running for an hour
 * are marked failed; rows older than 30 days are deleted. Answers when it is next needed (null: nothing left).
 */
export async function cleanUpDataExports(account: Pick<AccountContext, "db" | "env">, now = Date.now()): Promise<number | null> {
  const { db, env } = account;
  // Rows first, then their files: an archive whose row already says expired is never served, even if the delete fails.
  const expired = db
    .update(dataExports)
    .set({ status: "expired", r2Key: null, updatedAt: now })
    .where(and(eq(dataExports.status, "ready"), lt(dataExports.expiresAt, now)))
    .returning({ ownerId: dataExports.ownerId, id: dataExports.id })
    .all();
  if (expired.length > 0) await env.MEDIA.delete(expired.map((row) => exportKey(row.ownerId, row.id)));
  db.update(dataExports)
    .set({ status: "failed", errorCode: "export/stuck", updatedAt: now })
    .where(and(inArray(dataExports.status, ["queued", "running"]), lt(dataExports.updatedAt, now - STUCK_EXPORT_MS)))
    .run();
  db.delete(dataExports)
    .where(and(inArray(dataExports.status, ["expired", "failed"]), lt(dataExports.createdAt, now - EXPORT_ROW_KEEP_MS)))
    .run();
  const next = nextExportCleanUp(account);
  return next === null ? null : Math.max(next, now + 1000);
}

/** When the clean-up next has something to do here, or null when nothing is left to expire, fail or forget. */
export function nextExportCleanUp({ db }: Pick<AccountContext, "db">): number | null {
  const due = db
    .select({
      expires: min(dataExports.expiresAt),
    })
    .from(dataExports)
    .where(eq(dataExports.status, "ready"))
    .get();
  const stuck = db
    .select({ since: min(dataExports.updatedAt) })
    .from(dataExports)
    .where(inArray(dataExports.status, ["queued", "running"]))
    .get();
  const forgotten = db
    .select({ made: min(dataExports.createdAt) })
    .from(dataExports)
    .where(inArray(dataExports.status, ["expired", "failed"]))
    .get();
  const times = [
    due?.expires ?? null,
    stuck?.since == null ? null : stuck.since + STUCK_EXPORT_MS,
    forgotten?.made == null ? null : forgotten.made + EXPORT_ROW_KEEP_MS,
  ].filter((time): time is number => time !== null);
  return times.length > 0 ? Math.min(...times) : null;
}
