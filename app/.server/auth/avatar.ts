// Profile photos: checked by content (JPEG or PNG magic bytes and a header with real dimensions), stored in R2
// under a key the server makes up, and served only through /media/avatar/<userId> to that user.
import { eq } from "drizzle-orm";
import { inAccount } from "../account/client";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { storeCheckedImage } from "../images/uploads";
import { checkImage } from "../images/validate";
import { AVATAR_MAX_BYTES } from "./policy";
import { syncViewerProfile } from "./viewer-profile";

/** Stores a new profile photo (recorded within `quotaBytes` when given, else 413 with nothing kept) and forgets the old one. */
export async function setProfilePhoto(env: AppEnv, userId: string, file: Blob, quotaBytes?: number): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw new AppError("upload/avatar-too-large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkImage(bytes, AVATAR_MAX_BYTES);
  if (!check.ok) throw new AppError(check.code === "upload/too-large" ? "upload/avatar-too-large" : check.code);
  const db = getDb(env);
  const previous = await db.query.users.findFirst({ where: eq(schema.users.id, userId), columns: { profilePhotoKey: true } });
  // The upload row lives in the account's object (counted in its storage), the key on the user row in D1. Should the
  // second write fail, the row is an upload nothing refers to, which the object's clean-up removes (decision 0013).
  const { r2Key: key } = await storeCheckedImage(env, userId, bytes, check, { quotaBytes, folder: "avatars" });
  await db.update(schema.users).set({ profilePhotoKey: key, updatedAt: Date.now() }).where(eq(schema.users.id, userId));
  await syncViewerProfile(env, userId);
  if (previous?.profilePhotoKey) await forgetPhoto(env, userId, previous.profilePhotoKey);
  return key;
}

async function forgetPhoto(env: AppEnv, userId: string, key: string): Promise<void> {
  await env.MEDIA.delete(key);
  await inAccount(env, userId, "uploads.forgetKey", { r2Key: key });
}

export async function removeProfilePhoto(env: AppEnv, userId: string): Promise<void> {
  const db = getDb(env);
  const user = await db.query.users.findFirst({ where: eq(schema.users.id, userId), columns: { profilePhotoKey: true } });
  if (!user?.profilePhotoKey) return;
  await db.update(schema.users).set({ profilePhotoKey: null, updatedAt: Date.now() }).where(eq(schema.users.id, userId));
  await syncViewerProfile(env, userId);
  await forgetPhoto(env, userId, user.profilePhotoKey);
}

/**
 * The photo's bytes for its owner; null for anyone else or when there is none. The key comes from the viewer's profile
 * in the account's object (decision 0039), which every photo change copies in, so serving it reads nothing shared.
 */
export async function readProfilePhoto(
  env: AppEnv,
  viewer: { userId: string; profilePhotoKey: string | null } | null,
  userId: string,
): Promise<R2ObjectBody | null> {
  if (!viewer || viewer.userId !== userId || !viewer.profilePhotoKey) return null;
  return env.MEDIA.get(viewer.profilePhotoKey);
}
