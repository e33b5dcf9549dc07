// The image jobs' and their pictures' rows, in the account's own object (decision 0026): what creating, listing,
// making (the queue consumer) and delivering (WhatsApp) a job read and change there, each one call.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { JobView } from "../../lib/jobs";
import type { ImageTool } from "../../lib/schemas/images";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { jobSettings, toJobView } from "./job-views";
import { scheduleStuckJobSweep } from "./stuck-jobs";

export type ImageJob = typeof accountSchema.imageJobs.$inferSelect;
type NewImageJob = typeof accountSchema.imageJobs.$inferInsert;
type NewGalleryImage = typeof accountSchema.galleryImages.$inferInsert;
/** The photo a job works from (tattoo generator, photo translate, and the picture "Edit image" changes). */
export type SourcePhoto = Pick<typeof accountSchema.uploads.$inferSelect, "r2Key" | "contentType" | "width" | "height">;
/** The gallery picture an edit starts from, and the original its new version is filed under (decision 0029). */
export type EditSource = SourcePhoto & { originalId: string };

const { imageJobs, galleryImages, uploads } = accountSchema;

function withImages(db: AccountDb, jobs: ImageJob[]): JobView[] {
  const doneIds = jobs.filter((job) => job.status === "done").map((job) => job.id);
  const images = doneIds.length ? db.select().from(galleryImages).where(inArray(galleryImages.jobId, doneIds)).all() : [];
  const byJob = new Map(images.map((image) => [image.jobId, image]));
  return jobs.map((job) => toJobView(job, byJob.get(job.id)));
}

const findJob = (db: AccountDb, id: string) => db.select().from(imageJobs).where(eq(imageJobs.id, id)).get();

const photoColumns = { r2Key: uploads.r2Key, contentType: uploads.contentType, width: uploads.width, height: uploads.height };

function uploadedPhoto(db: AccountDb, uploadId: string | null): SourcePhoto | null {
  return uploadId ? (db.select(photoColumns).from(uploads).where(eq(uploads.id, uploadId)).get() ?? null) : null;
}

/** A gallery picture to edit; a version of a version is filed under the first original, so versions stay one row. */
function galleryPhoto(db: AccountDb, imageId: string | undefined): EditSource | null {
  if (!imageId) return null;
  const image = db.select().from(galleryImages).where(eq(galleryImages.id, imageId)).get();
  if (!image || (image.contentType !== "image/png" && image.contentType !== "image/jpeg")) return null;
  return { r2Key: image.r2Key, contentType: image.contentType, width: image.width, height: image.height, originalId: image.sourceImageId ?? image.id };
}

function sourcePhoto(db: AccountDb, job: ImageJob): SourcePhoto | EditSource | null {
  const settings = job.tool === "image-generation" ? jobSettings(job) : null;
  const edit = settings?.tool === "image-generation" ? settings.edit : undefined;
  return galleryPhoto(db, edit?.sourceImageId) ?? uploadedPhoto(db, job.sourceUploadId);
}

export const imageJobOperations = {
  /** Before a job is charged: the job this request id already made here, and whether the source photo is here. */
  "imageJobs.prepare": ({ db }: AccountContext, input: { jobId: string; uploadId: string | null; sourceImageId?: string }) => {
    const existing = findJob(db, input.jobId);
    const upload = uploadedPhoto(db, input.uploadId);
    // The picture an edit changes (its size checks the brush mask): a gallery image, else the chat photo.
    const editSource = input.sourceImageId ? galleryPhoto(db, input.sourceImageId) : upload;
    return { existing: existing ? withImages(db, [existing])[0]! : null, uploadFound: Boolean(upload), editSource };
  },
  /** Stores a charged job `queued`; the same request raced in twice answers the job the other one made. */
  "imageJobs.add": async (account: AccountContext, row: NewImageJob): Promise<{ job: JobView; inserted: boolean }> => {
    const { db, accountId } = account;
    const inserted = db
      .insert(imageJobs)
      .values({ ...row, ownerId: accountId })
      .onConflictDoNothing()
      .returning()
      .get();
    // A job whose message is lost is failed and refunded by the object's own sweep (images/stuck-jobs.ts).
    if (inserted) await scheduleStuckJobSweep(account, inserted.updatedAt);
    return { job: withImages(db, [inserted ?? findJob(db, row.id)!])[0]!, inserted: Boolean(inserted) };
  },
  /** The account's jobs with these ids (ids not here are simply absent). */
  "imageJobs.views": ({ db }: AccountContext, { ids }: { ids: string[] }): JobView[] =>
    ids.length ? withImages(db, db.select().from(imageJobs).where(inArray(imageJobs.id, ids)).all()) : [],
  /** The latest jobs of one tool, newest first. */
  "imageJobs.recent": ({ db }: AccountContext, { tool, limit }: { tool: ImageTool; limit: number }): JobView[] =>
    withImages(db, db.select().from(imageJobs).where(eq(imageJobs.tool, tool)).orderBy(desc(imageJobs.createdAt), desc(imageJobs.id)).limit(limit).all()),
  /** Marks a queued or running job failed; answers it, or null when it had already ended (nothing to refund then). */
  "imageJobs.fail": ({ db }: AccountContext, { jobId, code }: { jobId: string; code: string }): ImageJob | null =>
    db
      .update(imageJobs)
      .set({ status: "failed", errorCode: code, updatedAt: Date.now() })
      .where(and(eq(imageJobs.id, jobId), inArray(imageJobs.status, ["queued", "running"])))
      .returning()
      .get() ?? null,
  /**
   * The queue consumer claims a job: only a queued or running (interrupted) one moves on. Answers it with its source
   * photo and whether an earlier attempt already stored its picture (then it is finished, not drawn again).
   */
  "imageJobs.claim": ({ db }: AccountContext, { jobId }: { jobId: string }) => {
    const job = db
      .update(imageJobs)
      .set({ status: "running", attempts: sql`${imageJobs.attempts} + 1`, updatedAt: Date.now() })
      .where(and(eq(imageJobs.id, jobId), inArray(imageJobs.status, ["queued", "running"])))
      .returning()
      .get();
    if (!job) return null;
    const stored = Boolean(db.select({ id: galleryImages.id }).from(galleryImages).where(eq(galleryImages.jobId, jobId)).get());
    return { job, stored, source: sourcePhoto(db, job) };
  },
  /** A job made: its picture joins the gallery (once per job) and it is done, in one step. */
  "imageJobs.finish": ({ db, accountId }: AccountContext, input: { jobId: string; resultText?: string; image?: NewGalleryImage }): void => {
    db.transaction((tx) => {
      if (input.image) {
        tx.insert(galleryImages)
          .values({ ...input.image, ownerId: accountId })
          .onConflictDoNothing({ target: galleryImages.jobId })
          .run();
      }
      tx.update(imageJobs)
        .set({ status: "done", errorCode: null, ...(input.resultText === undefined ? {} : { resultText: input.resultText }), updatedAt: Date.now() })
        .where(eq(imageJobs.id, input.jobId))
        .run();
    });
  },
  /** What sending a job's result back needs: its view, its source photo and its picture's file. */
  "imageJobs.result": ({ db }: AccountContext, { jobId }: { jobId: string }) => {
    const job = findJob(db, jobId);
    if (!job) return null;
    const image = db.select({ r2Key: galleryImages.r2Key }).from(galleryImages).where(eq(galleryImages.jobId, jobId)).get();
    return { view: withImages(db, [job])[0]!, source: sourcePhoto(db, job), imageKey: image?.r2Key ?? null };
  },
};
