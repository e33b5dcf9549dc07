// The masked address the e-mail link pages show (decision 0020): recognisable to its owner, never the whole address.
import { describe, expect, it } from "vitest";
import { maskEmail } from "../../app/lib/auth";

describe("maskEmail", () => {
  it("keeps two leading characters of the name and the domain, and the domain's ending", () => {
    expect(maskEmail("john.doe@example.com")).toBe("jo•••@ex•••.com");
    expect(maskEmail("ayse@posta.com.tr")).toBe("ay•••@po•••.tr");
  });

  it("keeps fewer of short parts, so a short name or domain is never shown whole", () => {
    expect(maskEmail("ali@mail.org")).toBe("a•••@ma•••.org");
    expect(maskEmail("jo@x.io")).toBe("j•••@•••.io");
    expect(maskEmail("a@b.co")).toBe("•••@•••.co");
  });

  it("always uses three dots, so the length of the address shows nothing", () => {
    expect(maskEmail("averyveryverylongname@averyverylongdomain.com")).toBe("av•••@av•••.com");
  });

  it("copes with what is not a full address", () => {
    expect(maskEmail("localhost-only")).toBe("lo•••@•••");
    expect(maskEmail("name@localhost")).toBe("na•••@lo•••");
  });
});
