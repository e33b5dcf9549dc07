// docs/product.md §1: Chromium browsers get their own install prompt; Safari (which has none) gets instructions; nothing is
// offered once the app runs installed.
import { describe, expect, it } from "vitest";
import { installOffer } from "../../app/lib/install-prompt";

const UA = {
  chromeDesktop: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
  safariIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1",
  chromeIphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/156.0 Mobile/15E148 Safari/604.1",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 15_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Safari/605.1.15",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
};

describe("installOffer", () => {
  it("offers the browser's prompt when one was captured", () => {
    expect(installOffer(UA.chromeDesktop, false, true)).toBe("prompt");
  });
  it("offers Safari's home-screen steps on iPhone and Dock steps on a Mac", () => {
    expect(installOffer(UA.safariIphone, false, false)).toBe("safari-ios");
    expect(installOffer(UA.safariMac, false, false)).toBe("safari-mac");
  });
  it("offers nothing to other browsers without a prompt, nor to Chrome on iOS", () => {
    expect(installOffer(UA.chromeDesktop, false, false)).toBeNull();
    expect(installOffer(UA.chromeIphone, false, false)).toBeNull();
    expect(installOffer(UA.firefox, false, false)).toBeNull();
  });
  it("offers nothing once running as an installed app", () => {
    expect(installOffer(UA.safariIphone, true, false)).toBeNull();
    expect(installOffer(UA.chromeDesktop, true, true)).toBeNull();
  });
});
