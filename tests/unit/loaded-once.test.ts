// A module loaded on demand (app/components/ui/loaded-once.ts): a load that failed, as a chunk fetched while offline
// does, is tried again by the next call instead of failing the same way until the page is reloaded.
import { describe, expect, it } from "vitest";
import { loadedOnce } from "../../app/components/ui/loaded-once";

describe("loadedOnce", () => {
  it("fetches again after a failed load, and only once after a load that worked", async () => {
    let fetches = 0;
    const parts = loadedOnce(async () => {
      fetches++;
      if (fetches === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { answer: 42 };
    });
    await expect(parts.load()).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(await parts.load()).toEqual({ answer: 42 });
    expect(await parts.load()).toEqual({ answer: 42 });
    expect(fetches).toBe(2);
  });

  it("joins a load under way instead of starting a second", async () => {
    let fetches = 0;
    const parts = loadedOnce(async () => {
      fetches++;
      return "module";
    });
    expect(await Promise.all([parts.load(), parts.load()])).toEqual(["module", "module"]);
    expect(fetches).toBe(1);
  });
});
