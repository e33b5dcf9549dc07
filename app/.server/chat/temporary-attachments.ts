// A temporary chat keeps nothing (decision 0027), and that includes what it attaches: a photo or document used only in
// temporary chats is marked with the time it goes (`temporary_until`, an hour after its last use), is not listed under
// Files, exported or shown as storage kept, and is removed, file, rows, pages and index, when the page ends the chat
// (POST /api/uploads/temporary) or by the account object's alarm once its hour is up. A file a saved chat (or an image
// job, a shared page, a profile photo) uses is never marked, and loses its mark when a saved chat uses it: it is then
// an ordinary upload again (decision 0013).
import { and, eq, inArray, isNotNull, isNull, lte, min } from "drizzle-orm";
import { accountSchema, type AccountContext } from "../account/schema";
import { now as clockNow } from "../clock";
import { unattached } from "../documents/cleanup";
import { notShownOutside, referencedHere } from "../images/cleanup";
import { deleteR2Keys } from "../storage/r2";

/** How long after its last use a temporary chat's attachment is kept at most (the page usually ends it sooner). */
export const TEMPORARY_ATTACHMENT_MS = 60 * 60 * 1000;
export const TEMPORARY_CLEANUP_TASK = "temporary.cleanup";
/** Rows removed in one statement: their ids are bound values, and the object's SQLite takes at most 100 a statement. */
const BATCH = 50;

const { uploads, documents } = accountSchema;
type Account = Pick<AccountContext, "db" | "env">;

/** What the person keeps: Files, "Download my data" and the storage Settings shows leave temporary attachments out. */
export const keptUpload = () => isNull(uploads.temporaryUntil);
export const keptDocument = () => isNull(documents.temporaryUntil);

/** The time an attachment stored now for a temporary chat goes, its clean-up woken for then (null: not temporary). */
export async function temporaryDeadline(account: Pick<AccountContext, "alarms">, temporary: boolean | undefined): Promise<number | null> {
  if (!temporary) return null;
  const until = clockNow() + TEMPORARY_ATTACHMENT_MS;
  await account.alarms.schedule(TEMPORARY_CLEANUP_TASK, until);
  return until;
}

/**
 * A turn attaches `id`: a temporary turn marks it (or moves its time on) unless something saved uses it; a saved turn
 * takes the mark off, before anything of the turn is written, so the clean-up never removes a file a saved chat needs.
 */
export async function noteAttachmentUse(account: AccountContext, id: string, temporary: boolean): Promise<void> {
  const { db } = account;
  if (!temporary) {
    db.update(uploads)
      .set({ temporaryUntil: null })
      .where(and(eq(uploads.id, id), isNotNull(uploads.temporaryUntil)))
      .run();
    db.update(documents)
      .set({ temporaryUntil: null })
      .where(and(eq(documents.id, id), isNotNull(documents.temporaryUntil)))
      .run();
    return;
  }
  const until = clockNow() + TEMPORARY_ATTACHMENT_MS;
  const marked = [
    ...db
      .update(uploads)
      .set({ temporaryUntil: until })
      .where(and(eq(uploads.id, id), ...referencedHere(db)))
      .returning({ id: uploads.id })
      .all(),
    ...db
      .update(documents)
      .set({ temporaryUntil: until })
      .where(and(eq(documents.id, id), unattached(db)))
      .returning({ id: documents.id })
      .all(),
  ];
  if (marked.length > 0) await account.alarms.schedule(TEMPORARY_CLEANUP_TASK, until);
}

/**
 * Removes temporary attachments: those of `ids` (the page ended its chat; at most BATCH), or those whose time is up by
 * `dueBy`, at most BATCH of each kind. Only rows still marked and used by nothing saved at that instant go; their R2
 * files follow (a failure leaves files no row names, never shown). Answers how many went and whether a batch was full.
 */
async function removeTemporary({ db, env }: Account, which: { ids: string[] } | { dueBy: number }): Promise<{ removed: number; full: boolean }> {
  const uploadsMatch = "ids" in which ? inArray(uploads.id, which.ids) : lte(uploads.temporaryUntil, which.dueBy);
  const documentsMatch = "ids" in which ? inArray(documents.id, which.ids) : lte(documents.temporaryUntil, which.dueBy);
  const uploadCandidates = db
    .select({ id: uploads.id, r2Key: uploads.r2Key })
    .from(uploads)
    .where(and(isNotNull(uploads.temporaryUntil), uploadsMatch, ...referencedHere(db)))
    .limit(BATCH)
    .all();
  const uploadIds = await notShownOutside(env, uploadCandidates);
  const keys = uploadIds.length
    ? db
        .delete(uploads)
        .where(and(inArray(uploads.id, uploadIds), isNotNull(uploads.temporaryUntil), ...referencedHere(db)))
        .returning({ r2Key: uploads.r2Key })
        .all()
    : [];
  // A document's pages and their search rows go with it (foreign key and triggers, migrations 0006 and 0007).
  const documentKeys = db
    .delete(documents)
    .where(
      inArray(
        documents.id,
        db
          .select({ id: documents.id })
          .from(documents)
          .where(and(isNotNull(documents.temporaryUntil), documentsMatch, unattached(db)))
          .limit(BATCH),
      ),
    )
    .returning({ r2Key: documents.r2Key })
    .all();
  await deleteR2Keys(
    env,
    [...keys, ...documentKeys].map((row) => row.r2Key),
  );
  return { removed: keys.length + documentKeys.length, full: uploadCandidates.length === BATCH || documentKeys.length === BATCH };
}

/** The page ended its temporary chat: the attachments it names that are still temporary go now. */
export async function endTemporaryAttachments(account: Account, ids: string[]): Promise<number> {
  return (await removeTemporary(account, { ids: ids.slice(0, BATCH) })).removed;
}

/**
 * The alarm's task: removes the attachments whose hour is up; one something saved came to use meanwhile (a shared page,
 * a profile photo) loses its mark instead. Answers when to look again: the next time one is up, or a minute from now
 * when a batch was full.
 */
export async function cleanUpTemporaryAttachments(account: Account, now: number): Promise<number | null> {
  const { db } = account;
  const { full } = await removeTemporary(account, { dueBy: now });
  if (full) return now + 60_000;
  db.update(uploads).set({ temporaryUntil: null }).where(lte(uploads.temporaryUntil, now)).run();
  db.update(documents).set({ temporaryUntil: null }).where(lte(documents.temporaryUntil, now)).run();
  const next = [
    db
      .select({ at: min(uploads.temporaryUntil) })
      .from(uploads)
      .get()?.at,
    db
      .select({ at: min(documents.temporaryUntil) })
      .from(documents)
      .get()?.at,
  ].filter((at): at is number => typeof at === "number");
  return next.length > 0 ? Math.min(...next) : null;
}
