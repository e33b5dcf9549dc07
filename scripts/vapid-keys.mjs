#!/usr/bin/env node
// Prints a new VAPID key pair (RFC 8292) for web push (decision 0042): the P-256 public key as the browser's
// applicationServerKey (65-byte uncompressed point, base64url) and the private scalar d (32 bytes, base64url).
//   node scripts/vapid-keys.mjs
//   wrangler secret put VAPID_PRIVATE_KEY; VAPID_PUBLIC_KEY and VAPID_SUBJECT go in [vars]
const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${d}`);
