// Account ids (app/.server/account/ids.ts): new ones are UUID version 7, which tells the account's object that the
// old D1 tables cannot hold its rows; version-4 ids from before are still looked up there.
import { describe, expect, it } from "vitest";
import { mintedAfterD1, newGuestId, newUserId, uuidV7 } from "../../app/.server/account/ids";

describe("account ids", () => {
  it("mints version-7 UUIDs that carry their time and differ each time", () => {
    const at = Date.UTC(2026, 11, 2, 4, 0, 0);
    const id = uuidV7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
    expect(new Set(Array.from({ length: 1000 }, () => uuidV7(at))).size).toBe(1000);
  });

  it("knows new user and guest ids from older ones", () => {
    expect(mintedAfterD1(newUserId())).toBe(true);
    expect(mintedAfterD1(newGuestId())).toBe(true);
    expect(newGuestId()).toMatch(/^g_/);
    expect(mintedAfterD1(crypto.randomUUID())).toBe(false);
    expect(mintedAfterD1(`g_${crypto.randomUUID()}`)).toBe(false);
    expect(mintedAfterD1("g_not-a-uuid")).toBe(false);
  });
});
