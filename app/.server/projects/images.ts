// A project's images (decision 0038-projects): uploads (images/uploads.ts, the same checks and quota as a chat's photo)
// that a project holds, listed on its page with the files, counted in its limit of files, and the most recent
// PROJECT_TURN_IMAGES of them shown to a model that sees images in every chat of the project (projects/turn.ts).
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { ProjectImage } from "../../lib/projects";
import { accountSchema, type AccountDb } from "../account/schema";
import { referencedHere } from "../images/cleanup";

const { projectImages, uploads } = accountSchema;

/** How many of a project's images go with each turn of its chats: the most recent ones (bounded, since each is sent whole). */
export const PROJECT_TURN_IMAGES = 4;

type Db = Pick<AccountDb, "select" | "delete">;

export const imageCount = (db: Pick<AccountDb, "select">, projectId: string) =>
  db.select({ images: count() }).from(projectImages).where(eq(projectImages.projectId, projectId)).get()?.images ?? 0;

/** The project's images, newest first (at most `limit`). */
export function projectImageList(db: Pick<AccountDb, "select">, projectId: string, limit?: number): ProjectImage[] {
  const query = db
    .select({ id: projectImages.uploadId, name: projectImages.name, width: uploads.width, height: uploads.height, addedAt: projectImages.addedAt })
    .from(projectImages)
    .innerJoin(uploads, eq(uploads.id, projectImages.uploadId))
    .where(eq(projectImages.projectId, projectId))
    .orderBy(desc(projectImages.addedAt), desc(projectImages.uploadId));
  return (limit === undefined ? query : query.limit(limit)).all();
}

/** The ids of the project's images (read before the project is deleted, whose rows go with it). */
export const projectImageIds = (db: Pick<AccountDb, "select">, projectId: string) =>
  db
    .select({ id: projectImages.uploadId })
    .from(projectImages)
    .where(eq(projectImages.projectId, projectId))
    .all()
    .map((row) => row.id);

/** Deletes the upload rows among `ids` that nothing else refers to any more; answers their R2 keys. */
export function deleteUnusedUploads(db: Db, ids: string[]): string[] {
  if (ids.length === 0) return [];
  return db
    .delete(uploads)
    .where(and(inArray(uploads.id, ids), ...referencedHere(db as AccountDb)))
    .returning({ r2Key: uploads.r2Key })
    .all()
    .map((row) => row.r2Key);
}

/** An image leaves the project and its upload is deleted; null when the project holds no such image, else the R2 key to delete (if any). */
export function removeProjectImage(db: Db, projectId: string, uploadId: string): { r2Key: string | null } | null {
  const removed = db
    .delete(projectImages)
    .where(and(eq(projectImages.projectId, projectId), eq(projectImages.uploadId, uploadId)))
    .returning({ id: projectImages.uploadId })
    .all();
  if (removed.length === 0) return null;
  return { r2Key: deleteUnusedUploads(db, [uploadId])[0] ?? null };
}
