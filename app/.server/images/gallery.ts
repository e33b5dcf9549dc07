// The gallery: every picture a user made (images, logos, tattoos, saved birth charts), newest first, served only to its
// owner. The rows live in the account's own object (decision 0026): its operations (gallery-operations.ts) run there.
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import type { GalleryImage, GalleryPage } from "./gallery-operations";

export { GALLERY_PAGE_SIZE, type GalleryItem, type GalleryPage, type GalleryVersion } from "./gallery-operations";

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
