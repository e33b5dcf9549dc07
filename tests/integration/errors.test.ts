// SPEC §1/§8: the browser's error reports are accepted (validated) and noisy ones change nothing; cross-site
// posts are refused like every other state-changing request.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://app.example";
const self = (exports as unknown as { default: Fetcher }).default;

function postError(body: unknown, origin = ORIGIN, address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  return self.fetch(`${ORIGIN}/api/errors`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": address },
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
    expect(await response.json()).toEqual({
      ok: false,
      error: { code: "request/invalid", message: "Some of the information is not valid. Please check it and try again." },
    });
  });

  it("answers a flood from one client with 429 and Retry-After, so the reporter backs off", async () => {
    const report = { kind: "error", message: "TypeError: loop", url: `${ORIGIN}/web-main` };
    const statuses = [];
    for (let index = 0; index < 31; index++) statuses.push((await postError(report, ORIGIN, "203.0.113.99")).status);
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true);
    const refused = await postError(report, ORIGIN, "203.0.113.99");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: { code: "reports/rate-limited", message: "Too many error reports were sent. Please wait a moment." },
    });
    // Another client is not affected.
    expect((await postError(report, ORIGIN, "203.0.113.100")).status).toBe(204);
  });

  it("refuses a report posted from another site", async () => {
    const response = await postError({ kind: "error", message: "forged", url: "https://evil.example/" }, "https://evil.example");
    expect(response.status).toBe(403);
  });
});
