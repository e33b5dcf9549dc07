// The images domain's share of the storage quota (account/usage.ts, decision 0013), counted inside the account's object
// from the sizes the rows recorded.
import { sql } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";
import { keptUpload } from "../chat/temporary-attachments";

const { uploads, galleryImages } = accountSchema;

/** Photos: uploads (chat attachments, tool photos, profile photos, images a "Continue this chat" copied). */
export const photosUsage = (db: AccountDb, keptOnly = false): number =>
  db
    .select({ bytes: sql<number>`COALESCE(SUM(${uploads.bytes}), 0)` })
    .from(uploads)
    .where(keptOnly ? keptUpload() : undefined)
    .get()?.bytes ?? 0;

/** Creations: the gallery's images, logos, tattoos, translations and saved charts. */
export const creationsUsage = (db: AccountDb): number =>
  db
    .select({ bytes: sql<number>`COALESCE(SUM(${galleryImages.bytes}), 0)` })
    .from(galleryImages)
    .get()?.bytes ?? 0;
