// Password hashing: PBKDF2-SHA256 with parameters inside the stored string, never above what production Workers
// accept (100,000 iterations: local workerd would not notice, so this test does), and re-hash on old parameters.
import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, MAX_PBKDF2_ITERATIONS, parsePasswordHash, PASSWORD_PARAMS, verifyPassword } from "../../app/.server/auth/password";

describe("password hashing", () => {
  it("never asks WebCrypto for more than 100,000 PBKDF2 iterations (production Workers reject more)", async () => {
    expect(MAX_PBKDF2_ITERATIONS).toBe(100_000);
    expect(PASSWORD_PARAMS.iterations).toBeLessThanOrEqual(100_000);
    await expect(hashPassword("correct-horse", { iterations: 100_001 })).rejects.toThrow(/exceed 100000/);
    // A stored hash claiming more is treated as malformed and never matches.
    const tooMany = DUMMY_PASSWORD_HASH.replace("$100000$", "$200000$");
    expect(parsePasswordHash(tooMany)).toBeNull();
    expect(await verifyPassword("anything", tooMany)).toEqual({ ok: false, needsRehash: false });
  });

  it("stores algorithm, iterations, a per-user salt and the hash in one string", async () => {
    const first = await hashPassword("correct-horse");
    const second = await hashPassword("correct-horse");
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("correct-horse");
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct-horse");
    expect(await verifyPassword("correct-horse", stored)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword("correct-hors", stored)).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword("", stored)).toEqual({ ok: false, needsRehash: false });
  });

  it("asks for a re-hash when the stored parameters are not today's", async () => {
    const old = await hashPassword("correct-horse", { iterations: 10_000 });
    expect(await verifyPassword("correct-horse", old)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword("wrong", old)).toEqual({ ok: false, needsRehash: false });
  });

  it("keeps the dummy hash (used for unknown emails) on today's parameters, matching nothing", async () => {
    const parsed = parsePasswordHash(DUMMY_PASSWORD_HASH)!;
    expect(parsed.iterations).toBe(PASSWORD_PARAMS.iterations);
    expect(parsed.salt).toHaveLength(PASSWORD_PARAMS.saltBytes);
    expect(parsed.hash).toHaveLength(PASSWORD_PARAMS.hashBytes);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toMatchObject({ ok: false });
    expect(await verifyPassword("password", null)).toMatchObject({ ok: false });
  });

  it("rejects malformed stored values without throwing", async () => {
    for (const stored of ["", "plain", "bcrypt$10$abc$def", "pbkdf2-sha256$abc$salt$hash", "pbkdf2-sha256$0$c2FsdA$aGFzaA"]) {
      expect(await verifyPassword("x", stored)).toEqual({ ok: false, needsRehash: false });
    }
  });
});
