// The account's uploads inside its own object (decision 0026): recording one within the storage quota, finding,
// forgetting and listing them. Run by images/uploads.ts through the account's client; nothing here calls the object.
import { eq, inArray } from "drizzle-orm";
import { fitsStorageQuota } from "../account/usage";
import { accountSchema, type AccountContext } from "../account/schema";
import { endTemporaryAttachments, temporaryDeadline } from "../chat/temporary-attachments";
import { scheduleUploadCleanup } from "./cleanup";

export type Upload = typeof accountSchema.uploads.$inferSelect;
export type NewUpload = typeof accountSchema.uploads.$inferInsert;

export const uploadOperations = {
  /**
   * Records a stored upload and wakes the clean-up for it 24 hours later (an hour when a temporary chat attached it,
   * decision 0027); false (nothing recorded) when `quotaBytes` is given and the upload no longer fits it.
   */
  "uploads.record": async (
    account: AccountContext,
    { quotaBytes, temporary, ...upload }: NewUpload & { quotaBytes?: number; temporary?: boolean },
  ): Promise<boolean> => {
    const createdAt = upload.createdAt ?? Date.now();
    const temporaryUntil = await temporaryDeadline(account, temporary);
    // Checked and written with no await between: parallel uploads are decided one after another (decision 0013).
    if (!fitsStorageQuota(account, upload.bytes, quotaBytes)) return false;
    account.db
      .insert(accountSchema.uploads)
      .values({ ...upload, ownerId: account.accountId, createdAt, temporaryUntil })
      .run();
    await scheduleUploadCleanup(account.alarms, createdAt);
    return true;
  },
  /** One of the account's uploads, or null (another account's id is simply not here). */
  "uploads.find": ({ db }: AccountContext, { id }: { id: string }): Upload | null =>
    db.select().from(accountSchema.uploads).where(eq(accountSchema.uploads.id, id)).get() ?? null,
  /** Forgets the upload row of a file already deleted (a replaced or removed profile photo). */
  "uploads.forgetKey": ({ db }: AccountContext, { r2Key }: { r2Key: string }): void => {
    db.delete(accountSchema.uploads).where(eq(accountSchema.uploads.r2Key, r2Key)).run();
  },
  /** The page ended its temporary chat: the attachments it names that only temporary chats used are removed. */
  "uploads.endTemporary": (account: AccountContext, { ids }: { ids: string[] }): Promise<number> => endTemporaryAttachments(account, ids),
  /** Forgets uploads just made that nothing may refer to yet (a refused "Continue this chat"); answers their R2 keys. */
  "uploads.forget": ({ db }: AccountContext, { ids }: { ids: string[] }): string[] =>
    db
      .delete(accountSchema.uploads)
      .where(inArray(accountSchema.uploads.id, ids))
      .returning({ r2Key: accountSchema.uploads.r2Key })
      .all()
      .map((row) => row.r2Key),
  /** The R2 keys of the account's uploads, creations and documents (deleted with the account before its storage is erased). */
  "uploads.allFiles": ({ db }: AccountContext): string[] => {
    const { uploads, galleryImages, documents } = accountSchema;
    return [
      ...db.select({ key: uploads.r2Key }).from(uploads).all(),
      ...db.select({ key: galleryImages.r2Key }).from(galleryImages).all(),
      ...db.select({ key: documents.r2Key }).from(documents).all(),
    ].map((row) => row.key);
  },
};
