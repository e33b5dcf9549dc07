/**
 * The headers every one-owner file answer carries (uploads, gallery pictures, profile photos, voice notes): a file never
 * changes under its URL, and it is one person's, so only their browser may keep it.
 */
export function privateFileHeaders(contentType: string, bytes: number): Record<string, string> {
  return { "Content-Type": contentType, "Content-Length": String(bytes), "Cache-Control": "private, max-age=31536000, immutable" };
}
