// A software authenticator for the passkey tests (decision 0028): an ES256 key pair made with WebCrypto, answers built
// the way a browser and an authenticator build them (clientDataJSON; authenticatorData with the RP ID's hash, flags and
// the signature counter; a CBOR attestation object of format "none"), so the server's real verification checks them.
// Also a TOTP code generator for the two-step tests, from the key Settings shows.
import { generateHOTP } from "@oslojs/otp";
import { base64UrlDecode, base64UrlEncode } from "../../app/.server/auth/crypto";

const encoder = new TextEncoder();

/** The smallest CBOR encoder these answers need: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Uint8Array<ArrayBuffer> {
  const head = (major: number, length: number): number[] => {
    if (length < 24) return [(major << 5) | length];
    if (length < 256) return [(major << 5) | 24, length];
    return [(major << 5) | 25, length >> 8, length & 255];
  };
  if (typeof value === "number") return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const bytes = encoder.encode(value);
    return concat(new Uint8Array(head(3, bytes.length)), bytes);
  }
  if (value instanceof Uint8Array) return concat(new Uint8Array(head(2, value.length)), value);
  const parts = [new Uint8Array(head(5, value.size))];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item as never));
  return concat(...parts);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

/** WebCrypto signs ECDSA as r||s; WebAuthn carries an ASN.1 DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const padded = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, padded.length]), padded);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

function counterBytes(counter: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([(counter >>> 24) & 255, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255]);
}

export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
  rpId: string;
}

export class SoftAuthenticator {
  counter = 0;
  private userHandle = "";

  private constructor(
    private readonly keys: CryptoKeyPair,
    readonly credentialId: Uint8Array<ArrayBuffer>,
  ) {}

  static async create(): Promise<SoftAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return new SoftAuthenticator(keys, crypto.getRandomValues(new Uint8Array(32)));
  }

  get id(): string {
    return base64UrlEncode(this.credentialId);
  }

  private async coseKey(): Promise<Uint8Array<ArrayBuffer>> {
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    return cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, base64UrlDecode(jwk.x!)],
        [-3, base64UrlDecode(jwk.y!)],
      ]),
    );
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The browser's answer to "Add a passkey" (`options` as /api/passkeys/options gave them), from `origin`. */
  async register(options: CreationOptions, origin: string, { attestationObject }: { attestationObject?: string } = {}) {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData("webauthn.create", options.challenge, origin);
    const credentialIdLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255]);
    const authData = concat(
      await sha256(encoder.encode(options.rp.id)),
      new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      counterBytes(this.counter),
      new Uint8Array(16),
      credentialIdLength,
      this.credentialId,
      await this.coseKey(),
    );
    const attestation = cbor(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: base64UrlEncode(clientDataJSON),
        attestationObject: attestationObject ?? base64UrlEncode(attestation),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The browser's answer to a sign-in request, signed with this key; the counter goes up first unless it is given. */
  async authenticate(options: RequestOptions, origin: string, { counter }: { counter?: number } = {}) {
    this.counter = counter ?? this.counter + 1;
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const authData = concat(await sha256(encoder.encode(options.rpId)), new Uint8Array([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), counterBytes(this.counter));
    const signed = concat(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: base64UrlEncode(clientDataJSON),
        authenticatorData: base64UrlEncode(authData),
        signature: base64UrlEncode(derSignature(raw)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}

/** RFC 4648 base32 (the key Settings shows, spaces allowed) to bytes. */
export function base32Decode(text: string): Uint8Array {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The 6-digit code an authenticator app shows for `manualKey` at `atMs` (default: now). */
export function totpCode(manualKey: string, atMs = Date.now()): string {
  return generateHOTP(base32Decode(manualKey), BigInt(Math.floor(atMs / 30_000)), 6);
}
