// Decision 0017 server side: the offline page the service worker keeps, the per-page description /
// canonical / hreflang tags on the configured origin, `?lng=` as each language's address, the sidebar rendered as
// the device left it, and the time-zone cookie history is grouped by.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { productionEnv } from "./helpers";

const ORIGIN = "https://app.example";
const self = (exports as unknown as { default: Fetcher }).default;

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return self.fetch(`${ORIGIN}${path}`, { redirect: "manual", headers });
}

/** Through the worker entry with production settings (APP_ORIGIN set), from whatever Host the client names. */
async function getProduction(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const env = productionEnv({ APP_ORIGIN: "https://assistant.example.com" });
  const response = await worker.fetch(new Request(url, { headers }) as Request<unknown, IncomingRequestCfProperties>, env as unknown as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function headTag(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1]!);
}

describe("offline page", { timeout: 30_000 }, () => {
  it("is served in the language asked for, standalone, under a policy that runs no script", async () => {
    const response = await get("/offline?lng=tr");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<html lang="tr"');
    expect(html).toContain("<h1>Çevrimdışısınız</h1>");
    // The marker where the worker puts the last chat, and the strings it needs for it, in the same language.
    expect(html).toContain("<!--last-chat-->");
    expect(html).toContain('"you":"Siz"');
    expect(html).not.toMatch(/<script(?![^>]*type="application\/json")/);
    expect(html).not.toMatch(/\s(src|href)="https?:/);
  });

  it("falls back to the cookie's language, then English, for a language it does not know", async () => {
    expect(await (await get("/offline?lng=de")).text()).toContain("<h1>You are offline</h1>");
    expect(await (await get("/offline?lng=de", { Cookie: "locale=tr" })).text()).toContain("<h1>Çevrimdışısınız</h1>");
  });

  it("takes only GET and HEAD (405 with Allow for anything else)", async () => {
    const response = await self.fetch(`${ORIGIN}/offline`, { method: "POST", headers: { Origin: ORIGIN } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("description, canonical and hreflang", { timeout: 30_000 }, () => {
  it("builds the canonical and alternates on APP_ORIGIN, never on the Host the request names", async () => {
    const response = await getProduction("https://attacker.example/image-generation", { Host: "attacker.example" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("attacker.example");
    expect(headTag(html, /<link rel="canonical" href="([^"]+)"/g)).toEqual(["https://assistant.example.com/image-generation"]);
    expect(headTag(html, /<link rel="alternate" hrefLang="([^"]+)"/gi)).toEqual(["en", "tr", "x-default"]);
    expect(html).toContain('href="https://assistant.example.com/image-generation?lng=tr"');
    expect(headTag(html, /<meta name="description" content="([^"]+)"/g)[0]).toMatch(/image generator/i);
  });

  it("?lng=tr renders Turkish, is its own canonical, and becomes the visitor's language (cookie)", async () => {
    const response = await get("/web-main?lng=tr");
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("locale=tr;"))).toBe(true);
    const html = await response.text();
    expect(html).toContain('<html lang="tr"');
    expect(headTag(html, /<link rel="canonical" href="([^"]+)"/g)).toEqual([`${ORIGIN}/web-main?lng=tr`]);
    expect(headTag(html, /<meta name="description" content="([^"]+)"/g)[0]).toMatch(/yapay zekâ/);
  });

  it("sets no cookie when the URL's language is already the visitor's", async () => {
    const response = await get("/web-main?lng=tr", { Cookie: "locale=tr" });
    await response.body?.cancel();
    expect(response.headers.getSetCookie().some((line) => line.startsWith("locale="))).toBe(false);
  });

  it("a page that does not exist gets a description but no canonical", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="description"');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe("device preferences read by the server", { timeout: 30_000 }, () => {
  it("renders the sidebar closed from the cookie, so it never flashes open", async () => {
    const closed = await (await get("/web-main", { Cookie: "sidebar=closed" })).text();
    expect(closed).toContain('aria-label="Show sidebar"');
    expect(closed).toContain('aria-expanded="false"');
    const open = await (await get("/web-main")).text();
    expect(open).toContain('aria-label="Hide sidebar"');
  });

  it("groups history in the cookie's time zone, ignoring (and clearing) one that cannot be read", async () => {
    const zoned = await (await get("/web-main", { Cookie: "tz=Europe%2FIstanbul" })).text();
    expect(zoned).toContain("Europe/Istanbul");
    const unknown = await get("/web-main", { Cookie: "tz=Mars%2FOlympus" });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toContain("Mars/Olympus");
    const malformed = await get("/web-main", { Cookie: "tz=%E0%A4%A" });
    expect(malformed.status).toBe(200);
    await malformed.body?.cancel();
    expect(malformed.headers.getSetCookie()).toContain("tz=; Path=/; Max-Age=0; SameSite=Lax");
  });
});
