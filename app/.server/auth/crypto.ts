// Small WebCrypto and base64 helpers shared by sessions, email tokens, OAuth state and the pictures sent to providers.
// Nothing here logs its inputs.

/** Bytes of any size as base64 (a picture for a provider, a data: URL): 32 KB at a time, within an argument list's limit. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** Base64 back to bytes (throws on characters that are not base64). */
export function base64Decode(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function base64UrlEncode(bytes: Uint8Array): string {
  return base64Encode(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(value: string): Uint8Array<ArrayBuffer> {
  return base64Decode(value.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((value.length + 3) % 4));
}

/** A random, URL-safe secret with `byteLength` bytes of entropy (32 = 256 bits). */
export function randomToken(byteLength = 32): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** Hex SHA-256: how session ids and email tokens are stored, so a database leak reveals no usable secret. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Compares a presented secret (a token from a request) with the expected one in the same steps whatever either's length:
 * both become SHA-256 digests of one length first, compared without an early exit. Use this, not the string comparison
 * below, whenever the lengths may differ.
 */
export async function equalSecrets(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([sha256Hex(presented), sha256Hex(expected)]);
  return timingSafeEqualStrings(a, b);
}

/** Constant-time comparison of two strings of one known length (a different length returns at once). */
export function timingSafeEqualStrings(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
