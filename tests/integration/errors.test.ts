// docs/product.md §1/§8: the browser's error reports are accepted (validated) and noisy ones change nothing; cross-site
// posts are refused like every other state-changing request. What reaches the error service carries docs/product.md §1's
// default personal data (IP address, user agent) and no secret from the page's address (SECURITY.md "Error reports and logs").
import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig, type AppEnv } from "../../app/.server/env";
import { reportServerError } from "../../app/.server/reporting";
import { callWorker } from "./auth-helpers";
import { appEnv } from "./helpers";

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

describe("what reaches the error service", () => {
  const SENTRY_HOST = "sentry.fake.test";
  const env = { ...appEnv, SENTRY_DSN: `https://publickey@${SENTRY_HOST}/42` } as AppEnv;
  const SECRET = "abc-live-link-secret";
  const PAGE = `${ORIGIN}/auth/email-link?token=${SECRET}&lang=tr`;
  const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) NovaTestBrowser/1.0";

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A fake Sentry ingest endpoint: the events of every envelope the worker posts to the DSN's host. */
  function sentryEvents() {
    const events: Record<string, unknown>[] = [];
    const bodies: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      if (new URL(request.url).host !== SENTRY_HOST) throw new Error(`unexpected outbound fetch in a test: ${request.url}`);
      const body = await request.text();
      bodies.push(body);
      // An envelope: a header line, then an item header and its payload per item.
      const lines = body.split("\n").filter(Boolean);
      for (let index = 1; index < lines.length - 1; index++) {
        if ((JSON.parse(lines[index]!) as { type?: string }).type === "event") events.push(JSON.parse(lines[index + 1]!) as Record<string, unknown>);
      }
      return Response.json({ id: "fake" });
    });
    return { events, bodies };
  }

  function headerOf(event: Record<string, unknown>, name: string): string | undefined {
    const headers = ((event.request as { headers?: Record<string, string> } | undefined)?.headers ?? {}) as Record<string, string>;
    return Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  }

  it("a browser's report from a sign-in link page: IP address and user agent, no token", async () => {
    const { events, bodies } = sentryEvents();
    const response = await callWorker(
      new Request(`${ORIGIN}/api/errors`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": "203.0.113.45", "User-Agent": USER_AGENT },
        body: JSON.stringify({ kind: "error", message: `TypeError: could not open ${PAGE}`, url: PAGE, stack: `TypeError\n    at ${PAGE}:1:1` }),
      }),
      env,
    );
    expect(response.status).toBe(204);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.user).toMatchObject({ ip_address: "203.0.113.45" });
    expect(headerOf(event, "User-Agent")).toBe(USER_AGENT);
    expect((event.extra as { url?: string }).url).toBe(`${ORIGIN}/auth/email-link?token=[redacted]&lang=tr`);
    expect(bodies.join("\n")).not.toContain(SECRET);
  });

  it("a server error at /auth/email-link?token=: the same, in the report and in the log line", async () => {
    const { events, bodies } = sentryEvents();
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void logged.push(parts.map(String).join(" ")));
    const waits: Promise<unknown>[] = [];
    const request = new Request(PAGE, { headers: { "CF-Connecting-IP": "2001:db8::45", "User-Agent": USER_AGENT, Cookie: "__Host-session=s" } });
    reportServerError(
      { config: loadConfig(env), ctx: { waitUntil: (promise) => void waits.push(promise) } },
      request,
      new Error(`failed at ${PAGE}`),
      "user-1",
    );
    await Promise.all(waits);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.user).toEqual({ id: "user-1", ip_address: "2001:db8::45" });
    expect(headerOf(event, "User-Agent")).toBe(USER_AGENT);
    expect((event.request as { cookies?: unknown }).cookies).toBeUndefined();
    expect(bodies.join("\n")).not.toContain(SECRET);
    expect(logged.join("\n")).toContain("failed at");
    expect(logged.join("\n")).not.toContain(SECRET);
  });
});
