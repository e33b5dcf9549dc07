// The image tools' parts of an account (decision 0034): uploaded photos (chat attachments, tool sources, profile
// photos), and the image jobs with the gallery of what they made.
import { eq } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { cleanUpAbandonedDocuments } from "../documents/cleanup";
import { cleanUpAbandonedUploads, UPLOAD_CLEANUP_TASK } from "./cleanup";
import { galleryOperations } from "./gallery-operations";
import { imageJobOperations } from "./job-operations";
import { STUCK_JOB_SWEEP_TASK, sweepStuckJobs } from "./stuck-jobs";
import { uploadOperations } from "./upload-operations";
import { legacyUploads, legacyImageJobs, legacyGalleryImages } from "../../../db/legacy-schema";

export const uploadsPart = accountPart({
  name: "uploads",
  tables: [{ table: accountSchema.uploads, export: { archive: ["uploads/uploads.json"] }, quota: { kind: "photos" }, handOver: true }],
  folders: [
    { folder: "uploads", export: { archive: ["uploads/<date>-<kind>-<id>.<ext>"] }, quota: { kind: "photos" } },
    { folder: "avatars", export: { archive: ["uploads/<date>-<kind>-<id>.<ext>"] }, quota: { kind: "photos" } },
  ],
  operations: uploadOperations,
  alarms: {
    // Documents are uploads too (decision 0031): the same task cleans up both, and wakes for the sooner.
    [UPLOAD_CLEANUP_TASK]: async (account, now) => {
      const images = (await cleanUpAbandonedUploads(account, { now })).nextAt;
      const documents = await cleanUpAbandonedDocuments(account, now);
      return images === null || documents === null ? (images ?? documents) : Math.min(images, documents);
    },
  },
  movedFromD1: [
    {
      from: legacyUploads,
      to: accountSchema.uploads,
      key: legacyUploads.id,
      keyField: "id",
      owned: (id) => eq(legacyUploads.ownerId, id),
      ownerColumn: legacyUploads.ownerId,
    },
  ],
});

export const imagesPart = accountPart({
  name: "images",
  tables: [
    {
      table: accountSchema.imageJobs,
      // A photo translation's result is kept on its job (decision 0006); everything else a job made is in creations.
      export: { archive: ["translations/translations.json"] },
      quota: { notCounted: "a few hundred bytes of progress per job" },
      handOver: true,
    },
    { table: accountSchema.galleryImages, export: { archive: ["creations/creations.json"] }, quota: { kind: "creations" }, handOver: true },
  ],
  folders: [
    { folder: "gallery", export: { archive: ["creations/<date>-<tool>-<id>.<ext>"] }, quota: { kind: "creations" } },
    {
      folder: "masks",
      export: { notExported: "the area painted for one photo edit, used once by its job" },
      quota: { notCounted: "a small mask per photo edit, deleted with the account" },
    },
  ],
  operations: { ...imageJobOperations, ...galleryOperations },
  alarms: { [STUCK_JOB_SWEEP_TASK]: sweepStuckJobs },
  movedFromD1: [
    {
      from: legacyImageJobs,
      to: accountSchema.imageJobs,
      key: legacyImageJobs.id,
      keyField: "id",
      owned: (id) => eq(legacyImageJobs.ownerId, id),
      ownerColumn: legacyImageJobs.ownerId,
    },
    {
      from: legacyGalleryImages,
      to: accountSchema.galleryImages,
      key: legacyGalleryImages.id,
      keyField: "id",
      owned: (id) => eq(legacyGalleryImages.ownerId, id),
      ownerColumn: legacyGalleryImages.ownerId,
    },
  ],
});
