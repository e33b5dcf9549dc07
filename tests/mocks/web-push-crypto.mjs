// The receiving side of web push, written from the RFCs with WebCrypto only (runs in Node 20+, in workerd and in a
// browser): what a browser does with a push (RFC 8291 aes128gcm decryption with its private key and auth secret) and
// what a push service checks first (RFC 8292 VAPID: the ES256 JWT under the `k` public key). Used by the fake push
// service (fake-push.mjs) and by the tests that read what the app sent.

const encoder = new TextEncoder();

export function fromBase64url(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  return Uint8Array.from(atob(plain), (char) => char.charCodeAt(0));
}

export function toBase64url(bytes) {
  let text = "";
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function hkdf(salt, ikm, info, bytes) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/**
 * A browser's push subscription keys: an ECDH P-256 key pair and a 16-byte auth secret, with the public key and the
 * secret in base64url as a PushSubscription's toJSON() gives them (`keys.p256dh`, `keys.auth`).
 */
export async function subscriptionKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { privateKey: pair.privateKey, publicKey, authSecret: auth, p256dh: toBase64url(publicKey), auth: toBase64url(auth) };
}

/** RFC 8291 §3-4 and RFC 8188: one aes128gcm record decrypted with the receiver's keys; the plaintext as text. */
export async function decryptPush(body, keys) {
  const bytes = new Uint8Array(body);
  const salt = bytes.slice(0, 16);
  const recordSize = new DataView(bytes.buffer, bytes.byteOffset + 16, 4).getUint32(0);
  const idLength = bytes[20];
  const senderPublic = bytes.slice(21, 21 + idLength);
  const ciphertext = bytes.slice(21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error("aes128gcm: keyid is not the sender's P-256 public key");
  if (ciphertext.length > recordSize) throw new Error("aes128gcm: more than one record");
  const sender = await crypto.subtle.importKey("raw", senderPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, keys.privateKey, 256));
  const keyInfo = concat(encoder.encode("WebPush: info\0"), keys.publicKey, senderPublic);
  const ikm = await hkdf(keys.authSecret, shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("aes128gcm: the last record has no 0x02 delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

/**
 * RFC 8292 §2-3: the `Authorization: vapid t=<JWT>, k=<public key>` header checked as a push service does: an ES256
 * signature by `k`, `aud` the push service's origin, `exp` in the future and at most 24 hours away, `sub` a contact.
 * Answers the claims and the key, or throws saying what is wrong.
 */
export async function verifyVapid(authorization, audience, now = Date.now()) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error("vapid: no `vapid t=..., k=...` Authorization");
  const [header, payload, signature] = match[1].split(".");
  const key = await crypto.subtle.importKey("raw", fromBase64url(match[2]), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const signed = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64url(signature), encoder.encode(`${header}.${payload}`));
  if (!signed) throw new Error("vapid: bad signature");
  const head = JSON.parse(new TextDecoder().decode(fromBase64url(header)));
  if (head.alg !== "ES256") throw new Error(`vapid: alg ${head.alg}`);
  const claims = JSON.parse(new TextDecoder().decode(fromBase64url(payload)));
  if (claims.aud !== audience) throw new Error(`vapid: aud ${claims.aud} is not ${audience}`);
  const seconds = Math.floor(now / 1000);
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 60 * 60 + 60)) throw new Error("vapid: exp not within 24 hours");
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) throw new Error("vapid: sub is no contact");
  return { claims, publicKey: match[2] };
}
