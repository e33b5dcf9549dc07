// The profile photo's limits, without zod: Settings checks a chosen file before uploading it, and the server
// (schemas/auth.ts re-exports these) checks it again by content.
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png"] as const;

/** An errors:<code> key when the chosen file cannot be a profile photo, otherwise null. */
export function checkPhotoFile(file: File | null | undefined): "request/invalid" | "upload/invalid-type" | "upload/avatar-too-large" | null {
  if (!file || file.size === 0) return "request/invalid";
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type) && !/\.(jpe?g|png)$/i.test(file.name)) return "upload/invalid-type";
  if (file.size > PHOTO_MAX_BYTES) return "upload/avatar-too-large";
  return null;
}
