// The gallery: every picture a user made (images, logos, tattoos), newest first, served only to its owner.
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { GalleryImage } from "../../../db/schema";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { jobSettings, mediaUrl } from "./jobs";

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
}

function toItem(image: GalleryImage): GalleryItem {
  return {
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

/** Cursor of the last item on a page: "<createdAt>.<id>", so equal times still page in a stable order. */
function parseCursor(cursor: string | null | undefined): { createdAt: number; id: string } | null {
  const match = /^(\d{1,16})\.([\w-]{1,64})$/.exec(cursor ?? "");
  return match ? { createdAt: Number(match[1]), id: match[2]! } : null;
}

export async function listGallery(env: AppEnv, ownerId: string, options: { cursor?: string | null; limit?: number } = {}) {
  const limit = options.limit ?? GALLERY_PAGE_SIZE;
  const after = parseCursor(options.cursor);
  const { galleryImages } = schema;
  const rows = await getDb(env)
    .select()
    .from(galleryImages)
    .where(
      and(
        eq(galleryImages.ownerId, ownerId),
        after ? or(lt(galleryImages.createdAt, after.createdAt), and(eq(galleryImages.createdAt, after.createdAt), lt(galleryImages.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? `${last.createdAt}.${last.id}` : null };
}

async function findOwned(env: AppEnv, ownerId: string, imageId: string) {
  const image = await getDb(env).query.galleryImages.findFirst({ where: and(eq(schema.galleryImages.id, imageId), eq(schema.galleryImages.ownerId, ownerId)) });
  if (!image) throw new AppError("request/not-found");
  return image;
}

/** Removes the entry and its file. The row goes first: a file left behind is invisible, a row without a file is not. */
export async function deleteGalleryImage(env: AppEnv, ownerId: string, imageId: string): Promise<void> {
  const image = await findOwned(env, ownerId, imageId);
  await getDb(env)
    .delete(schema.galleryImages)
    .where(and(eq(schema.galleryImages.id, image.id), eq(schema.galleryImages.ownerId, ownerId)));
  try {
    await env.MEDIA.delete(image.r2Key);
  } catch (error) {
    console.error("gallery: could not delete the file of a deleted entry", image.r2Key, error);
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

export async function readGalleryMedia(env: AppEnv, ownerId: string, imageId: string) {
  const image = await findOwned(env, ownerId, imageId);
  const object = await env.MEDIA.get(image.r2Key);
  if (!object) throw new AppError("request/not-found");
  return { image, body: object.body };
}

export async function countGallery(env: AppEnv, ownerId: string): Promise<number> {
  return getDb(env).$count(schema.galleryImages, eq(schema.galleryImages.ownerId, ownerId));
}

/** One of the owner's creations for the detail view, or null (gone, or someone else's). */
export async function findGalleryItem(env: AppEnv, ownerId: string, imageId: string): Promise<GalleryItem | null> {
  const image = await getDb(env).query.galleryImages.findFirst({
    where: and(eq(schema.galleryImages.id, imageId.slice(0, 64)), eq(schema.galleryImages.ownerId, ownerId)),
  });
  return image ? toItem(image) : null;
}
