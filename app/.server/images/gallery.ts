// The gallery: every picture a user made (images, logos, tattoos, saved birth charts), newest first, served only to its
// owner. The rows live in the account's own object (decision 0026): the operations below run there.
import { asc, count, eq, inArray, or } from "drizzle-orm";
import { inAccount } from "../account/client";
import { afterCursor, pageOf } from "../account/newest-first";
import { accountSchema, type AccountContext } from "../account/schema";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { jobSettings, mediaUrl } from "./jobs";

type GalleryImage = typeof accountSchema.galleryImages.$inferSelect;
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

/** The gallery page's data in one call to the account's object. */
export function galleryPage(
  env: AppEnv,
  ownerId: string,
  options: { cursor?: string | null; focus?: string | null; limit?: number } = {},
): Promise<GalleryPage> {
  return inAccount(env, ownerId, "gallery.page", options);
}

/** Removes the entry and its file. The row goes first: a file left behind is invisible, a row without a file is not. */
export async function deleteGalleryImage(env: AppEnv, ownerId: string, imageId: string): Promise<void> {
  const r2Keys = await inAccount(env, ownerId, "gallery.delete", { id: imageId });
  if (!r2Keys) throw new AppError("request/not-found");
  try {
    await env.MEDIA.delete(r2Keys);
  } catch (error) {
    console.error("gallery: could not delete the files of a deleted entry", r2Keys, error);
  }
}

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/svg+xml": "svg" };

/** "logo-maker-acme-coffee-2026-05-04.svg": ASCII for every browser, plus the full name as filename*. */
export function downloadName(image: Pick<GalleryImage, "tool" | "prompt" | "createdAt" | "contentType">): { ascii: string; utf8: string } {
  const date = new Date(image.createdAt).toISOString().slice(0, 10);
  const extension = EXTENSIONS[image.contentType] ?? "bin";
  const words = image.prompt.trim().slice(0, 60);
  const slug = words
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ı/g, "i")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const ascii = [image.tool, slug, date].filter(Boolean).join("-");
  const utf8 = [
    image.tool,
    [...words]
      .map((char) => (char.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(char) ? " " : char))
      .join("")
      .replace(/\s+/g, " ")
      .trim(),
    date,
  ]
    .filter(Boolean)
    .join(" ");
  return { ascii: `${ascii}.${extension}`, utf8: `${utf8}.${extension}` };
}

/** A creation's file, only for its owner (another account's id is not in its object: "not found"). */
export async function readGalleryMedia(env: AppEnv, ownerId: string, imageId: string) {
  const image = await inAccount(env, ownerId, "gallery.find", { id: imageId });
  const object = image ? await env.MEDIA.get(image.r2Key) : null;
  if (!image || !object) throw new AppError("request/not-found");
  return { image, body: object.body };
}
