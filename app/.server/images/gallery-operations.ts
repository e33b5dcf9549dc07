// The gallery's rows inside the account's own object (decision 0026): a page with each picture's versions, one
// creation, a saved chart added, an entry deleted. Run by images/gallery.ts through the account's client.
import { asc, count, eq, inArray, or } from "drizzle-orm";
import { afterCursor, pageOf } from "../account/newest-first";
import { accountSchema, type AccountContext } from "../account/schema";
import { jobSettings, mediaUrl } from "./job-views";

export type GalleryImage = typeof accountSchema.galleryImages.$inferSelect;
type NewGalleryImage = typeof accountSchema.galleryImages.$inferInsert;

export const GALLERY_PAGE_SIZE = 24;

export interface GalleryItem {
  id: string;
  jobId: string;
  tool: GalleryImage["tool"];
  prompt: string;
  model: string;
  contentType: string;
  width: number;
  height: number;
  createdAt: number;
  url: string;
  downloadUrl: string;
  /** The settings it was made with, for the detail view ("use again" reopens the tool with them). */
  settings: ReturnType<typeof jobSettings>;
  /** The original this picture is a version of ("Edit image", decision 0029), or null for an original. */
  sourceImageId: string | null;
  /** The original and its versions, oldest first, when it has any (shown side by side); else empty. */
  versions: GalleryVersion[];
}

export type GalleryVersion = Omit<GalleryItem, "versions">;

function toItem(image: GalleryImage, versions: GalleryVersion[] = []): GalleryItem {
  return { ...toVersion(image), versions };
}

function toVersion(image: GalleryImage): GalleryVersion {
  return {
    sourceImageId: image.sourceImageId,
    id: image.id,
    jobId: image.jobId,
    tool: image.tool,
    prompt: image.prompt,
    model: image.model,
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    createdAt: image.createdAt,
    url: mediaUrl(image.id),
    downloadUrl: mediaUrl(image.id, true),
    settings: image.tool === "horoscope" ? null : jobSettings({ tool: image.tool, params: image.params }),
  };
}

export interface GalleryPage {
  items: GalleryItem[];
  nextCursor: string | null;
  /** How many creations the account has. */
  total: number;
  /** The creation asked for by id (a "ready" toast links to it), or null (gone, or another account's). */
  focused: GalleryItem | null;
}

const { galleryImages } = accountSchema;

const findImage = (db: AccountContext["db"], id: string): GalleryImage | null =>
  db
    .select()
    .from(galleryImages)
    .where(eq(galleryImages.id, id.slice(0, 64)))
    .get() ?? null;

/** Each shown picture's family (its original and every version of it), in one query for the whole page. */
function withVersions(db: AccountContext["db"], images: GalleryImage[]): GalleryItem[] {
  const originals = [...new Set(images.map((image) => image.sourceImageId ?? image.id))];
  if (originals.length === 0) return [];
  const family = db
    .select()
    .from(galleryImages)
    .where(or(inArray(galleryImages.id, originals), inArray(galleryImages.sourceImageId, originals)))
    .orderBy(asc(galleryImages.createdAt), asc(galleryImages.id))
    .all();
  const byOriginal = new Map<string, GalleryVersion[]>();
  for (const member of family) {
    const original = member.sourceImageId ?? member.id;
    byOriginal.set(original, [...(byOriginal.get(original) ?? []), toVersion(member)]);
  }
  return images.map((image) => {
    const versions = byOriginal.get(image.sourceImageId ?? image.id) ?? [];
    return toItem(image, versions.length > 1 ? versions : []);
  });
}

export const galleryOperations = {
  /** A page of the gallery, its total and the creation asked for, in one call (the gallery page needs all three). */
  "gallery.page": ({ db }: AccountContext, options: { cursor?: string | null; limit?: number; focus?: string | null }): GalleryPage => {
    const limit = options.limit ?? GALLERY_PAGE_SIZE;
    const after = afterCursor({ time: galleryImages.createdAt, id: galleryImages.id }, options.cursor);
    const rows = db
      .select()
      .from(galleryImages)
      .where(after.where)
      .orderBy(...after.orderBy)
      .limit(limit + 1)
      .all();
    const { page, nextCursor } = pageOf(rows, limit, (row) => row.createdAt);
    const wanted = options.focus ? (page.find((image) => image.id === options.focus) ?? findImage(db, options.focus)) : null;
    return {
      items: withVersions(db, page),
      nextCursor,
      total: db.select({ total: count() }).from(galleryImages).get()?.total ?? 0,
      focused: wanted ? withVersions(db, [wanted])[0]! : null,
    };
  },
  "gallery.find": ({ db }: AccountContext, { id }: { id: string }): GalleryImage | null => findImage(db, id),
  /** Adds a saved birth chart (the queue consumer adds jobs' pictures with imageJobs.finish). */
  "gallery.add": ({ db, accountId }: AccountContext, image: NewGalleryImage): void => {
    db.insert(galleryImages)
      .values({ ...image, ownerId: accountId })
      .run();
  },
  /** Deletes the entry; answers its files' keys (the picture, and an edit's brush mask), or null when it is not here. */
  "gallery.delete": ({ db }: AccountContext, { id }: { id: string }): string[] | null => {
    const deleted = db.delete(galleryImages).where(eq(galleryImages.id, id)).returning().get();
    if (!deleted) return null;
    const settings = deleted.tool === "horoscope" ? null : jobSettings({ tool: deleted.tool, params: deleted.params });
    const maskKey = settings?.tool === "image-generation" ? settings.edit?.maskKey : undefined;
    return [deleted.r2Key, ...(maskKey ? [maskKey] : [])];
  },
};
