// Where a WhatsApp media download may go (docs/decisions/0025-voice.md, "WhatsApp"): Meta's media host over HTTPS, or
// the configured Graph base URL's own origin; whatever else a media lookup answers is never fetched with the token.
import { describe, expect, it } from "vitest";
import { mediaUrlAllowed } from "~/.server/whatsapp/graph";

const GRAPH = "https://graph.facebook.com/v26.0";

describe("mediaUrlAllowed", () => {
  it("takes Meta's media host over HTTPS, and the Graph base URL's own origin", () => {
    expect(mediaUrlAllowed("https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1&ext=2&hash=3", GRAPH)).toBe(true);
    expect(mediaUrlAllowed("https://graph.facebook.com/v26.0/media/1", GRAPH)).toBe(true);
    // The local fake serves media from itself, over plain HTTP.
    expect(mediaUrlAllowed("http://127.0.0.1:4100/__media/1", "http://127.0.0.1:4100")).toBe(true);
  });

  it("refuses plain HTTP, other hosts and ports, look-alike names, credentials and what is not a URL", () => {
    for (const url of [
      "http://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1",
      "https://evil.example/lookaside.fbsbx.com",
      "https://lookaside.fbsbx.com.evil.example/x",
      "https://lookaside.fbsbx.com@evil.example/x",
      "https://user:pass@lookaside.fbsbx.com/x",
      "https://graph.facebook.com:8443/x",
      "http://127.0.0.1:4101/__media/1",
      "file:///etc/passwd",
      "not a url",
    ])
      expect(mediaUrlAllowed(url, url.includes("127.0.0.1") ? "http://127.0.0.1:4100" : GRAPH), url).toBe(false);
  });
});
