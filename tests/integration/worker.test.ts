// The whole main worker over HTTP: Remix routes, redirects, security headers, the cross-site guard, analytics
// ingestion and the WhatsApp worker behind the service binding.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../app/.server/db";
import worker from "../../workers/app";
import { appEnv, recordingDataset } from "./helpers";

const ORIGIN = "https://app.example";

/** The worker's default export as a service (static assets first, then workers/app.ts), like a real request. */
const self = (exports as unknown as { default: Fetcher }).default;

function get(path: string): Promise<Response> {
  return self.fetch(`${ORIGIN}${path}`, { redirect: "manual" });
}

/** What the worker below writes to Analytics Engine (wrangler's local dataset keeps nothing). */
const pageViews = recordingDataset();

/** Calls the handler directly so the test can wait for ctx.waitUntil work to finish. */
async function fetchAndSettle(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...appEnv, PAGE_VIEWS: pageViews } as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const db = getDb(appEnv);
const countPageViews = () => pageViews.points.filter((point) => point.blobs?.[0] === "/web-main").length;

function analyticsPost(headers: Record<string, string>): Request {
  return new Request(`${ORIGIN}/api/analytics`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ name: "page_view", path: "/web-main" }),
  });
}

describe("main worker over HTTP", () => {
  it("redirects / to the default tool", async () => {
    const response = await get("/");
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!, ORIGIN).pathname).toBe("/web-main");
  });

  it("redirects /settings to its first section", async () => {
    const response = await get("/settings");
    expect(response.status).toBeGreaterThanOrEqual(301);
    expect(response.status).toBeLessThanOrEqual(308);
    expect(new URL(response.headers.get("Location")!, ORIGIN).pathname).toBe("/settings/account");
  });

  it("serves /web-main as HTML with the security headers and a per-request CSP nonce", async () => {
    const response = await get("/web-main");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBeTruthy();

    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce, `no nonce in CSP: ${csp}`).toBeTruthy();
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    // The inline scripts Remix renders must carry the same nonce, or the browser would block them.
    expect(html).toContain(`nonce="${nonce}"`);

    const second = await get("/web-main");
    await second.body?.cancel();
    expect(second.headers.get("Content-Security-Policy")).not.toBe(csp);
  });

  it("answers an unknown path with a 404 page", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });

  it("refuses a cross-site POST and stores nothing", async () => {
    const before = await countPageViews();
    const response = await fetchAndSettle(analyticsPost({ Origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await countPageViews()).toBe(before);
  });

  it("records a same-origin analytics event", async () => {
    const before = await countPageViews();
    const response = await fetchAndSettle(analyticsPost({ Origin: ORIGIN }));
    expect(response.status).toBe(204);
    expect(await countPageViews()).toBe(before + 1);
  });

  it("rejects an analytics event that is not valid, storing nothing", async () => {
    const before = await db.$count(schema.analyticsEvents);
    const viewsBefore = countPageViews();
    const response = await fetchAndSettle(
      new Request(`${ORIGIN}/api/analytics`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ path: 42 }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await db.$count(schema.analyticsEvents)).toBe(before);
    expect(countPageViews()).toBe(viewsBefore);
  });

  it("forwards /whatsapp/* to the WhatsApp worker, which reaches the shared database", async () => {
    const response = await get("/whatsapp/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, service: "whatsapp" });
  });
});
