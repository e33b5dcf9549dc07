// Types for web-push-crypto.mjs (the project compiles TypeScript with allowJs off).
export interface SubscriptionKeys {
  privateKey: CryptoKey;
  publicKey: Uint8Array;
  authSecret: Uint8Array;
  p256dh: string;
  auth: string;
}

export function fromBase64url(text: string): Uint8Array<ArrayBuffer>;
export function toBase64url(bytes: ArrayBuffer | Uint8Array): string;
export function subscriptionKeys(): Promise<SubscriptionKeys>;
export function decryptPush(body: ArrayBuffer | Uint8Array, keys: SubscriptionKeys): Promise<string>;
export function verifyVapid(
  authorization: string | undefined,
  audience: string,
  now?: number,
): Promise<{ claims: { aud: string; exp: number; sub: string }; publicKey: string }>;
