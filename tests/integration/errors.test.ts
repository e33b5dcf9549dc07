// SPEC §1/§8: the browser's error reports are accepted (validated) and noisy ones change nothing; cross-site
// posts are refused like every other state-changing request.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://app.example";
const self = (exports as unknown as { default: Fetcher }).default;

function postError(body: unknown, origin = ORIGIN) {
  return self.fetch(`${ORIGIN}/api/errors`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify(body),
  });
}

describe("POST /api/errors", () => {
  it("accepts a well-formed browser error", async () => {
    const response = await postError({ kind: "error", message: "TypeError: x is undefined", url: `${ORIGIN}/web-main`, stack: "at f (a.js:1:1)" });
    expect(response.status).toBe(204);
  });

  it("refuses a malformed report with the validation error", async () => {
    const response = await postError({ kind: "nonsense", message: "" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, error: { code: "request/invalid", message: "Some of the information is not valid. Please check it and try again." } });
  });

  it("refuses a report posted from another site", async () => {
    const response = await postError({ kind: "error", message: "forged", url: "https://evil.example/" }, "https://evil.example");
    expect(response.status).toBe(403);
  });
});
