// Signed cookie values (decision 0005 "Signed values"). Each purpose signs with its own HMAC key, derived from
// SESSION_SECRET by HKDF-SHA256 with the purpose's label as `info`, so a value signed for one purpose never verifies
// for another: no page that signs for one purpose can mint a cookie for a different one. Callers validate a value
// before they sign it; signing says "this server issued it", never "this is true".
import { base64UrlDecode, base64UrlEncode } from "./crypto";

/** Every structure the app signs. A new one gets its own name here, and so its own key. */
export type SigningPurpose =
  | "guest-id"
  | "pending-verification"
  | "reset-token"
  | "oauth-state"
  | "trusted-device"
  | "d1-bookmark"
  | "pending-second-step"
  | "passkey-challenge"
  | "passkey-removal"
  | "recovery-code"
  | "session-account"
  /** A schedule e-mail's link that pauses that schedule (schedules/deliver.ts). */
  | "schedule-unsubscribe";

export const SIGNING_PURPOSES: readonly SigningPurpose[] = [
  "guest-id",
  "pending-verification",
  "reset-token",
  "oauth-state",
  "trusted-device",
  "d1-bookmark",
  "pending-second-step",
  "passkey-challenge",
  "passkey-removal",
  "recovery-code",
  "session-account",
  "schedule-unsubscribe",
];

/**
 * Leads every signed value. Values of the earlier format (`value.HMAC(SESSION_SECRET, value)`, one key for every
 * purpose) lack it and are refused; changing it (and the key labels) retires every value issued before.
 */
export const SIGNED_VALUE_VERSION = "v2";

const encoder = new TextEncoder();
const emptySalt = new Uint8Array(0);
/** One derivation per (secret, purpose) per isolate; tests use several secrets, a deployment one. */
const keys = new Map<string, Promise<CryptoKey>>();

async function deriveKey(secret: string, purpose: SigningPurpose): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: emptySalt, info: encoder.encode(`nova/${purpose}/${SIGNED_VALUE_VERSION}`) },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

function keyFor(secret: string, purpose: SigningPurpose): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = deriveKey(secret, purpose);
    keys.set(id, key);
  }
  return key;
}

/** What the MAC covers: the version, the value and what it is bound to, unambiguously (JSON, not concatenation). */
function signedBytes(value: string, boundTo: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify([SIGNED_VALUE_VERSION, value, boundTo]));
}

/**
 * `v2.<value>.<mac>`. `boundTo` is covered by the MAC but not written into the result: the trusted-device cookie
 * binds its day to an e-mail address it must not show, and only verifies when asked about that address.
 */
export async function signValue(secret: string, purpose: SigningPurpose, value: string, boundTo = ""): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret, purpose), signedBytes(value, boundTo));
  return `${SIGNED_VALUE_VERSION}.${value}.${base64UrlEncode(new Uint8Array(mac))}`;
}

/**
 * Hex HMAC-SHA256 of `value` under the purpose's key: what is stored in place of a secret the server must recognise
 * but never show again (recovery codes, decision 0028), so a copy of the database alone cannot test guesses offline.
 */
export async function macHex(secret: string, purpose: SigningPurpose, value: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret, purpose), encoder.encode(value));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The value signed by signValue for this purpose (and `boundTo`), or null for anything else. Constant-time. */
export async function verifySignedValue(secret: string, purpose: SigningPurpose, signed: string | null | undefined, boundTo = ""): Promise<string | null> {
  const prefix = `${SIGNED_VALUE_VERSION}.`;
  if (!signed?.startsWith(prefix)) return null;
  const dot = signed.lastIndexOf(".");
  if (dot <= prefix.length) return null;
  const value = signed.slice(prefix.length, dot);
  const mac = signed.slice(dot + 1);
  if (!/^[\w-]{43}$/.test(mac)) return null;
  const valid = await crypto.subtle.verify("HMAC", await keyFor(secret, purpose), base64UrlDecode(mac), signedBytes(value, boundTo));
  return valid ? value : null;
}
