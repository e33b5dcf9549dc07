// Issue "hardening" item 9: a malformed percent-encoded preference cookie is ignored, never an exception that turns
// every page into a 500; the worker clears the cookies it could not read.
import { describe, expect, it } from "vitest";
import { localeFromCookie, malformedCookies, readCookie, themeFromCookie } from "../../app/lib/cookies";

const BAD = "%E0%A4%A";

describe("reading cookies", () => {
  it("decodes a well-formed value", () => {
    expect(readCookie("a=1; locale=tr; theme=dark", "locale")).toBe("tr");
    expect(readCookie("name=caf%C3%A9", "name")).toBe("café");
  });

  it("treats a malformed value as absent instead of throwing", () => {
    expect(readCookie(`locale=${BAD}`, "locale")).toBeUndefined();
    expect(readCookie("theme=%", "theme")).toBeUndefined();
    expect(localeFromCookie(`locale=${BAD}; theme=dark`)).toBe("en");
    expect(themeFromCookie(`locale=${BAD}; theme=dark`)).toBe("dark");
    expect(themeFromCookie(`theme=${BAD}`)).toBe("light");
  });

  it("names the cookies of a header that cannot be decoded", () => {
    expect(malformedCookies(`theme=dark; locale=${BAD}; other=%ZZ`, ["locale", "theme", "guest_id"])).toEqual(["locale"]);
    expect(malformedCookies("theme=dark", ["locale", "theme"])).toEqual([]);
    expect(malformedCookies(null, ["locale"])).toEqual([]);
  });
});
