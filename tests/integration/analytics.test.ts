// POST /api/analytics takes only the catalogue's browser events (app/lib/schemas/analytics.ts), within a body limit
// and a per-client rate; whatever fails gets a 4xx in the app's error shape, with a translated message, and is
// never stored. A page view is a data point in Analytics Engine (PAGE_VIEWS), never a D1 row.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { Client as BaseClient, db, signedInClient } from "./auth-helpers";
import { appEnv, recordingDataset } from "./helpers";

/** What the worker wrote to Analytics Engine in this file (wrangler's local dataset keeps nothing). */
const pageViews = recordingDataset();
const env = { ...appEnv, PAGE_VIEWS: pageViews } as AppEnv;

/** A browser talking to the worker whose page views this file reads. */
class Client extends BaseClient {
  constructor() {
    super(undefined, env);
  }
}

/** A path no other test uses, so the events a test finds are its own. */
const uniquePath = (label: string) => `/web-main/${label}-${crypto.randomUUID()}`;
/** The page views recorded for `path`, checking on the way that D1 holds no row for it. */
async function rowsAt(path: string) {
  expect(await db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.path, path))).toEqual([]);
  return pageViews.points.filter((point) => point.blobs?.[0] === path);
}

function post(client: BaseClient, body: BodyInit, headers: Record<string, string> = {}) {
  return client.fetch("/api/analytics", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
}

async function expectRefusal(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
  expect(body).toMatchObject({ ok: false, error: { code } });
  expect(body.error.message).toBeTruthy();
  expect(body.error.message).not.toContain(code);
  return body.error.message;
}

describe("analytics ingestion", { timeout: 60_000 }, () => {
  it("records a page_view with its path in Analytics Engine, and nothing in D1", async () => {
    const path = uniquePath("ok");
    const response = await post(new Client(), JSON.stringify({ name: "page_view", path }));
    expect(response.status).toBe(204);
    expect(await rowsAt(path)).toEqual([{ indexes: [""], blobs: [path, "visitor"], doubles: [1] }]);
  });

  it("attaches the signed-in user from the session, never from the event (decision 0020)", async () => {
    const { client: signedIn, user } = await signedInClient();
    const client = signedIn.withEnv(env);
    const path = uniquePath("signed-in");
    expect((await post(client, JSON.stringify({ name: "page_view", path }))).status).toBe(204);
    expect(await rowsAt(path)).toMatchObject([{ indexes: [user.id], blobs: [path, "user"] }]);
    const visitorPath = uniquePath("visitor");
    expect((await post(new Client(), JSON.stringify({ name: "page_view", path: visitorPath }))).status).toBe(204);
    expect(await rowsAt(visitorPath)).toMatchObject([{ indexes: [""], blobs: [visitorPath, "visitor"] }]);
  });

  it("refuses an event over 8 KB with 413, whether or not it declares its length, and stores nothing", async () => {
    const path = uniquePath("flood");
    // The 1.5 MB event of the report: a valid-looking page_view carrying thousands of properties.
    const props = Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`k${index}`, "x".repeat(500)]));
    const huge = JSON.stringify({ name: "page_view", path, props });
    expect(huge.length).toBeGreaterThan(1_500_000);
    await expectRefusal(await post(new Client(), huge), 413, "analytics/too-large");

    // Streamed, with no Content-Length: the body is read only up to the limit.
    const streamed = new Blob([huge]).stream();
    await expectRefusal(await post(new Client(), streamed), 413, "analytics/too-large");
    expect(await rowsAt(path)).toHaveLength(0);
  });

  it("refuses names outside the browser's catalogue, including the server's own paywall event", async () => {
    const path = uniquePath("unknown");
    const client = new Client();
    await expectRefusal(await post(client, JSON.stringify({ name: "signup_completed", path })), 400, "analytics/unknown-event");
    // after_login_paywall_seen is recorded by the server once per user; a browser must not be able to add more.
    await expectRefusal(await post(client, JSON.stringify({ name: "after_login_paywall_seen", path })), 400, "analytics/unknown-event");
    await expectRefusal(await post(client, JSON.stringify([{ name: "page_view", path }])), 400, "analytics/unknown-event");
    expect(await rowsAt(path)).toHaveLength(0);
  });

  it("refuses a page_view whose fields do not fit its schema", async () => {
    const path = uniquePath("schema");
    const client = new Client();
    const refusals = [
      { name: "page_view", path, props: { plan: "pro" } },
      { name: "page_view", path, extra: true },
      { name: "page_view" },
      { name: "page_view", path: `${path}?token=secret` },
      { name: "page_view", path: `${path}/${"a".repeat(2_100)}` },
      { name: "page_view", path: "web-main" },
    ];
    for (const body of refusals) await expectRefusal(await post(client, JSON.stringify(body)), 400, "request/invalid");
    await expectRefusal(await post(client, "{not json"), 400, "request/invalid");
    expect(await rowsAt(path)).toHaveLength(0);
    expect(await rowsAt(`${path}?token=secret`)).toHaveLength(0);
  });

  it("limits each client to 60 events a minute, answering 429 with Retry-After and storing nothing more", async () => {
    const path = uniquePath("rate");
    const client = new Client();
    for (let index = 0; index < 60; index++) {
      const response = await post(client, JSON.stringify({ name: "page_view", path }));
      expect(response.status, `event ${index + 1}`).toBe(204);
    }
    const refused = await post(client, JSON.stringify({ name: "page_view", path }));
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    await expectRefusal(refused, 429, "analytics/rate-limited");
    expect(await rowsAt(path)).toHaveLength(60);

    // Another client is not held back by this one.
    expect((await post(new Client(), JSON.stringify({ name: "page_view", path }))).status).toBe(204);
    expect(await rowsAt(path)).toHaveLength(61);
  });

  it("says why in the person's language", async () => {
    const client = new Client();
    client.cookies.set("locale", "tr");
    const message = await expectRefusal(await post(client, JSON.stringify({ name: "signup_completed", path: "/" })), 400, "analytics/unknown-event");
    expect(message).toBe("Bu analiz etkinliği kaydettiğimiz etkinliklerden biri değil.");
  });
});

describe("page views and storage", () => {
  it("counts a client's rate without writing to any object: no throttle counter is reached by a page view", async () => {
    const reached: string[] = [];
    const throttles = appEnv.AUTH_THROTTLE;
    const watching = {
      ...env,
      // Every counter object the request reaches is named here first.
      AUTH_THROTTLE: new Proxy(throttles, {
        get: (target, property) =>
          property === "idFromName"
            ? (name: string) => {
                reached.push(name);
                return target.idFromName(name);
              }
            : Reflect.get(target, property, target),
      }),
    } as AppEnv;
    const client = new BaseClient(undefined, watching);
    const path = uniquePath("storage");
    for (let index = 0; index < 3; index++) expect((await post(client, JSON.stringify({ name: "page_view", path }))).status).toBe(204);
    expect(await rowsAt(path)).toHaveLength(3);
    expect(reached).toEqual([]);
  });
});
