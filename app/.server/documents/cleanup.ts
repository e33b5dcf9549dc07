// Documents uploaded and never sent (decision 0031, as images in decision 0013): a day after upload, a document no
// thread holds and no message attaches is deleted, its rows and its file. Run by the account object's uploads
// clean-up alarm (account/object.ts), which every upload, image or document, schedules.
import { and, asc, eq, gte, inArray, isNull, lt, notExists, or } from "drizzle-orm";
import { accountSchema, type AccountContext } from "../account/schema";
import { ABANDONED_UPLOAD_AGE_MS } from "../images/cleanup";
import { deleteR2Keys } from "../storage/r2";

const { documents, chatMessages, chatThreads, projectFiles } = accountSchema;
/** Documents deleted in one run: their ids are bound values, and a statement in the object's SQLite takes at most 100. */
const ABANDONED_PER_RUN = 90;

/** No thread holds the document, no message attaches it and no project has it (decision 0038-projects). */
export const unattached = (db: AccountContext["db"]) =>
  and(
    or(isNull(documents.threadId), notExists(db.select().from(chatThreads).where(eq(chatThreads.id, documents.threadId)))),
    notExists(db.select().from(chatMessages).where(eq(chatMessages.attachmentId, documents.id))),
    notExists(db.select().from(projectFiles).where(eq(projectFiles.documentId, documents.id))),
  );

/** Deletes the account's documents older than a day that nothing holds; answers when to look again (null: not before a new upload). */
export async function cleanUpAbandonedDocuments({ db, env }: Pick<AccountContext, "db" | "env">, now = Date.now()): Promise<number | null> {
  const cutoff = now - ABANDONED_UPLOAD_AGE_MS;
  const abandoned = db
    .select({ id: documents.id })
    .from(documents)
    .where(and(lt(documents.createdAt, cutoff), unattached(db)))
    .limit(ABANDONED_PER_RUN)
    .all()
    .map((row) => row.id);
  const keys = abandoned.length
    ? db
        .delete(documents)
        .where(and(inArray(documents.id, abandoned), unattached(db)))
        .returning({ r2Key: documents.r2Key })
        .all()
        .map((row) => row.r2Key)
    : [];
  await deleteR2Keys(env, keys);
  if (abandoned.length === ABANDONED_PER_RUN) return now + 60_000;
  const youngest = db
    .select({ createdAt: documents.createdAt })
    .from(documents)
    .where(and(gte(documents.createdAt, cutoff), unattached(db)))
    .orderBy(asc(documents.createdAt))
    .limit(1)
    .get();
  return youngest ? youngest.createdAt + ABANDONED_UPLOAD_AGE_MS : null;
}
