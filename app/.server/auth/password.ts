// Password hashing: PBKDF2-SHA256 through WebCrypto with a per-user salt. The parameters travel inside the stored
// string ("pbkdf2-sha256$<iterations>$<salt>$<hash>"), so they can change later and old hashes still verify; a
// sign-in with a hash made under other parameters re-hashes it with the current ones.
import { base64UrlDecode, base64UrlEncode } from "./crypto";

const ALGORITHM = "pbkdf2-sha256";
/** Production Workers reject PBKDF2 above 100,000 iterations (local workerd does not), so this is also the ceiling. */
export const MAX_PBKDF2_ITERATIONS = 100_000;
export const PASSWORD_PARAMS = { iterations: 100_000, saltBytes: 16, hashBytes: 32 } as const;

/**
 * Verified instead of a real hash when the email is unknown, so both answers cost the same PBKDF2 work.
 * Made offline with the current parameters (a unit test keeps them in step); no password matches it.
 */
export const DUMMY_PASSWORD_HASH = "pbkdf2-sha256$100000$ESd4kHWUbHSzwQ_d1-E-Rg$_LxOKkYb5TS8vDPcRbo34seryaCyVgU0bQqIYBkNMuU";

interface ParsedHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== ALGORITHM) return null;
  const iterations = Number(parts[1]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_PBKDF2_ITERATIONS) return null;
  try {
    return { iterations, salt: base64UrlDecode(parts[2]!), hash: base64UrlDecode(parts[3]!) };
  } catch {
    return null;
  }
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number, bytes: number): Promise<Uint8Array> {
  if (iterations > MAX_PBKDF2_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations ${iterations} exceed ${MAX_PBKDF2_ITERATIONS}, which Cloudflare Workers reject`);
  }
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, params: { iterations: number } = PASSWORD_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(PASSWORD_PARAMS.saltBytes));
  const hash = await derive(password, salt, params.iterations, PASSWORD_PARAMS.hashBytes);
  return `${ALGORITHM}$${params.iterations}$${base64UrlEncode(salt)}$${base64UrlEncode(hash)}`;
}

export interface PasswordCheck {
  ok: boolean;
  /** The hash was made with other parameters than today's: store a fresh one after a successful check. */
  needsRehash: boolean;
}

/** Compares in constant time. A malformed stored value still costs one PBKDF2 run and never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<PasswordCheck> {
  const parsed = (stored && parsePasswordHash(stored)) || parsePasswordHash(DUMMY_PASSWORD_HASH)!;
  const candidate = await derive(password, parsed.salt, parsed.iterations, parsed.hash.length);
  let difference = candidate.length ^ parsed.hash.length;
  for (let index = 0; index < parsed.hash.length; index++) difference |= (candidate[index] ?? 0) ^ (parsed.hash[index] ?? 0);
  const ok = difference === 0 && Boolean(stored) && stored !== DUMMY_PASSWORD_HASH && parsePasswordHash(stored!) !== null;
  const needsRehash =
    ok &&
    (parsed.iterations !== PASSWORD_PARAMS.iterations || parsed.hash.length !== PASSWORD_PARAMS.hashBytes || parsed.salt.length !== PASSWORD_PARAMS.saltBytes);
  return { ok, needsRehash };
}
