// isCrossSiteRequest: the CSRF guard in front of every state-changing request.
import { describe, expect, it } from "vitest";
import { applyBaselineHeaders, contentSecurityPolicy, isCrossSiteRequest } from "../../app/.server/security";

const APP = "https://app.example";

function request(path: string, method: string, headers: Record<string, string> = {}) {
  return new Request(`${APP}${path}`, { method, headers });
}

describe("isCrossSiteRequest", () => {
  it("flags a POST from another origin", () => {
    expect(isCrossSiteRequest(request("/api/analytics", "POST", { Origin: "https://evil.example" }))).toBe(true);
  });

  it("allows a POST from the same origin", () => {
    expect(isCrossSiteRequest(request("/api/analytics", "POST", { Origin: APP }))).toBe(false);
  });

  it("allows the configured public origin when the worker sees another host (proxy, custom domain)", () => {
    const internal = new Request("http://localhost:8787/api/analytics", { method: "POST", headers: { Origin: APP } });
    expect(isCrossSiteRequest(internal, APP)).toBe(false);
    expect(isCrossSiteRequest(internal)).toBe(true);
  });

  it("never flags reads", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isCrossSiteRequest(request("/web-main", method, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }))).toBe(false);
    }
  });

  it("flags Sec-Fetch-Site: cross-site when the browser omitted Origin", () => {
    expect(isCrossSiteRequest(request("/settings/account", "POST", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(request("/settings/account", "POST", { "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });

  it("flags the opaque origin 'null' (sandboxed frames, data: URLs)", () => {
    expect(isCrossSiteRequest(request("/api/analytics", "DELETE", { Origin: "null" }))).toBe(true);
  });

  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through", () => {
    expect(isCrossSiteRequest(request("/api/analytics", "POST"))).toBe(false);
  });

  it("flags an Origin that names another host than Host or X-Forwarded-Host (Remix would throw there: a 500)", () => {
    expect(isCrossSiteRequest(request("/settings/account", "POST", { Origin: APP, Host: "evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(request("/settings/account", "POST", { Origin: APP, Host: "app.example", "X-Forwarded-Host": "evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(request("/settings/account", "POST", { Origin: APP, Host: "internal", "X-Forwarded-Host": "app.example, proxy" }))).toBe(false);
    expect(isCrossSiteRequest(request("/settings/account", "POST", { Origin: APP, Host: "app.example" }))).toBe(false);
  });

  it("exempts signed webhooks, which are cross-site by nature", () => {
    const evil = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    expect(isCrossSiteRequest(request("/api/stripe/webhook", "POST", evil))).toBe(false);
    expect(isCrossSiteRequest(request("/whatsapp/webhook", "POST", evil))).toBe(false);
  });
});

describe("security headers", () => {
  it("builds a CSP with the nonce and no framing", () => {
    const csp = contentSecurityPolicy("abc123", { development: false });
    expect(csp).toContain("'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("ws://");
    expect(contentSecurityPolicy("abc123", { development: true })).toContain("ws://localhost:*");
  });

  it("sets the baseline headers without overriding a route's Referrer-Policy", () => {
    const headers = new Headers({ "Referrer-Policy": "no-referrer" });
    applyBaselineHeaders(headers);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("X-Frame-Options")).toBe("DENY");
    expect(headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});
