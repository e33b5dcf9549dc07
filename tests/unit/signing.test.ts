// Decision 0005 "Signed values": every signed structure has its own key derived from SESSION_SECRET, so a value
// signed for one purpose never verifies for another, values in the earlier one-key format are refused, and a value
// changed in any part is refused.
import { describe, expect, it } from "vitest";
import { SIGNING_PURPOSES, signValue, verifySignedValue, type SigningPurpose } from "../../app/.server/auth/signing";
import { oneKeySigned } from "../fixtures/one-key-signature";

const SECRET = "a-unit-test-secret-of-at-least-32-chars";
/** A value of the shape each purpose really signs. */
const SAMPLE: Record<SigningPurpose, string> = {
  "guest-id": "g_4b3c1f0e-8d1e-4f57-9a0c-3b1f2e7d9a10",
  "pending-verification": `0e9a1c2b-5d4f-4e3a-8b7c-6d5e4f3a2b1c:${Date.now() + 3_600_000}`,
  "reset-token": "Zx9_uQ3-kV7mN2pL8rT4wY6aB1cD5eF0gH3iJ7kL9mN",
  "oauth-state": "eyJwcm92aWRlciI6Imdvb2dsZSJ9",
  "trusted-device": "20572",
  "d1-bookmark": "0000000b-00000003-00004f5e-8e61117bf38d7adb71b934ebbf891683",
  "pending-second-step": `0e9a1c2b-5d4f-4e3a-8b7c-6d5e4f3a2b1c|${Date.now() + 300_000}|g_4b3c1f0e-8d1e-4f57-9a0c-3b1f2e7d9a10`,
  "passkey-challenge": `sign-in|Zx9_uQ3-kV7mN2pL8rT4wY6aB1cD5eF0gH3iJ7kL9mN|${Date.now() + 300_000}`,
  "passkey-removal": "Zx9_uQ3-kV7mN2pL8rT4wY6aB1cD5eF0gH3iJ7kL9mN",
  // Only ever MACed (signing.ts macHex), never signed into a value; the key is still its own.
  "recovery-code": "recovery|0e9a1c2b-5d4f-4e3a-8b7c-6d5e4f3a2b1c|abcdefghjk",
  // Only ever MACed, the account id and token of a session cookie (auth/session.ts).
  "session-account": "0e9a1c2b-5d4f-4e3a-8b7c-6d5e4f3a2b1c.Zx9_uQ3-kV7mN2pL8rT4wY6aB1cD5eF0gH3iJ7kL9mN",
  // A schedule e-mail's unsubscribe link: the account and the schedule it pauses.
  "schedule-unsubscribe": "0e9a1c2b-5d4f-4e3a-8b7c-6d5e4f3a2b1c:6d5e4f3a-2b1c-4e3a-8b7c-0e9a1c2b5d4f",
};

describe.each(SIGNING_PURPOSES)("a value signed for %s", (purpose) => {
  const value = SAMPLE[purpose];

  it("verifies for its own purpose and carries the version marker", async () => {
    const signed = await signValue(SECRET, purpose, value);
    expect(signed.startsWith("v2.")).toBe(true);
    expect(await verifySignedValue(SECRET, purpose, signed)).toBe(value);
  });

  it.each(SIGNING_PURPOSES.filter((other) => other !== purpose))("is refused as %s", async (other) => {
    const signed = await signValue(SECRET, purpose, value);
    expect(await verifySignedValue(SECRET, other, signed)).toBeNull();
  });

  it("is refused in the old one-key format, with or without the version marker in front", async () => {
    const old = await oneKeySigned(SECRET, value);
    expect(await verifySignedValue(SECRET, purpose, old)).toBeNull();
    expect(await verifySignedValue(SECRET, purpose, `v2.${old}`)).toBeNull();
    // The attack decision 0005 "Signed values" closes: the old reset page signed any text, e.g. a trusted-device payload.
    expect(await verifySignedValue(SECRET, purpose, await oneKeySigned(SECRET, `device|20572|someone@example.com`))).toBeNull();
  });

  it("is refused when any part is changed, or under another secret", async () => {
    const signed = await signValue(SECRET, purpose, value);
    const mac = signed.slice(signed.lastIndexOf(".") + 1);
    // The first character: the last one of 43 carries two padding bits, so some changes to it decode to the same MAC.
    const flipped = `${mac.startsWith("A") ? "B" : "A"}${mac.slice(1)}`;
    for (const forged of [
      signed.replace(value, `${value}x`),
      `${signed.slice(0, signed.lastIndexOf(".") + 1)}${flipped}`,
      signed.slice(3),
      `v3.${signed.slice(3)}`,
      `${signed}.`,
      signed.slice(0, -1),
      "",
      "v2.",
      "v2..",
    ]) {
      expect(await verifySignedValue(SECRET, purpose, forged), forged).toBeNull();
    }
    expect(await verifySignedValue(`${SECRET}-other`, purpose, signed)).toBeNull();
    expect(await verifySignedValue(SECRET, purpose, undefined)).toBeNull();
  });

  it("verifies only for the value it is bound to", async () => {
    const signed = await signValue(SECRET, purpose, value, "owner@example.com");
    expect(await verifySignedValue(SECRET, purpose, signed, "owner@example.com")).toBe(value);
    expect(signed).not.toContain("owner@example.com");
    expect(await verifySignedValue(SECRET, purpose, signed, "someone@example.com")).toBeNull();
    expect(await verifySignedValue(SECRET, purpose, signed)).toBeNull();
  });
});
