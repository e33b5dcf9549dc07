// Secrets the server must read back (the authenticator-app key of two-step sign-in), kept encrypted at rest: AES-GCM
// with a key derived from SESSION_SECRET by HKDF for this purpose alone (like auth/signing.ts derives its signing
// keys), so a copy of the database without the deployment's secret does not yield a single working code.
import { base64UrlDecode, base64UrlEncode } from "./crypto";

const encoder = new TextEncoder();
/** Changing it retires every sealed value (their owners set two-step sign-in up again). */
const LABEL = "nova/sealed-two-step-secret/v1";
const keys = new Map<string, Promise<CryptoKey>>();

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(LABEL) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

/** `<iv>.<ciphertext>`, both base64url; `boundTo` (the account id) is authenticated, so a row copied to another account fails. */
export async function seal(secret: string, plain: Uint8Array<ArrayBuffer>, boundTo: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(boundTo) }, await keyFor(secret), plain);
  return `${base64UrlEncode(iv)}.${base64UrlEncode(new Uint8Array(sealed))}`;
}

/** The bytes sealed by `seal` for `boundTo`, or null for anything else (another key, another account, a changed value). */
export async function unseal(secret: string, value: string, boundTo: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const [iv, data] = value.split(".");
  if (!iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: base64UrlDecode(iv), additionalData: encoder.encode(boundTo) },
      await keyFor(secret),
      base64UrlDecode(data),
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}
