// D1 reads through sessions (docs/decisions/0001-workers-layout.md "D1 sessions"): a request that wrote gives the
// browser its bookmark in a signed cookie, the next request starts its D1 session there, and a cookie the server
// did not sign is ignored. And a page view stays within its D1 budget: a signed-in page makes at most 2 reads and
// no write, its page_view event included (that goes to Analytics Engine).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import { BOOKMARK_PATTERN } from "../../app/.server/db-session";
import type { AppEnv } from "../../app/.server/env";
import { countingD1, emptyCounts, type D1QueryCounts } from "../mocks/d1-query-counter";
import { Client, db, signedInClient } from "./auth-helpers";
import { appEnv, recordingDataset } from "./helpers";
import { pngFile } from "./images-helpers";

/** The client's browser against a worker whose D1 binding counts what reaches it. */
function counted(client: Client): { client: Client; counts: D1QueryCounts; pageViews: ReturnType<typeof recordingDataset> } {
  const counts = emptyCounts();
  const pageViews = recordingDataset();
  const env = { ...appEnv, DB: countingD1(appEnv.DB, counts), PAGE_VIEWS: pageViews } as AppEnv;
  return { client: client.withEnv(env), counts, pageViews };
}

/** The session starts each request's D1 binding was asked for (a bookmark, or a constraint). */
function recordingStarts(client: Client): { client: Client; starts: (string | undefined)[] } {
  const starts: (string | undefined)[] = [];
  const binding = appEnv.DB;
  const DB = new Proxy(binding, {
    get(target, property) {
      if (property === "withSession")
        return (start?: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { client: client.withEnv({ ...appEnv, DB } as AppEnv), starts };
}

describe("D1 per page view", { timeout: 60_000 }, () => {
  it("a signed-in page view neither reads nor writes D1, its page_view event included", async () => {
    const { client: signedIn } = await signedInClient();
    await signedIn.get("/web-main"); // the first view after signing in; the one measured is a later one
    const { client, counts, pageViews } = counted(signedIn);
    const path = `/web-main/budget-${crypto.randomUUID()}`;
    const page = await client.get("/web-main");
    expect(page.status).toBe(200);
    await page.text();
    const pageReads = counts.reads - counts.accountReads;
    const event = await client.fetch("/api/analytics", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "page_view", path }),
    });
    expect(event.status).toBe(204);
    const all = counts.statements.join("\n");
    expect(counts.writes, all).toBe(0);
    // The session and the profile are the account object's (decision 0039), the history too (decision 0026).
    expect(pageReads, all).toBe(0);
    expect(counts.reads, all).toBe(0);
    expect(pageViews.points).toMatchObject([{ blobs: [path, "user"] }]);
    // Read back from the local D1: the page view left no row.
    expect(await db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.path, path))).toHaveLength(0);
  });
});

describe("D1 per profile photo", { timeout: 60_000 }, () => {
  it("the owner's photo is served from the profile in the account's object, with no D1 read", async () => {
    const { client: signedIn, user } = await signedInClient();
    const form = new FormData();
    form.set("intent", "upload-photo");
    form.set("photo", new File([new Uint8Array(await pngFile())], "photo.png", { type: "image/png" }));
    expect((await signedIn.action("/settings/account", form)).data).toEqual({ ok: true, notice: "photoUpdated" });
    const { client, counts } = counted(signedIn);
    const photo = await client.get(`/media/avatar/${user.id}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/png");
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(counts.reads + counts.writes, counts.statements.join("\n")).toBe(0);
    // Anyone else's photo is still a 404, also without reading D1.
    expect((await client.get("/media/avatar/someone-else")).status).toBe(404);
    expect(counts.reads, counts.statements.join("\n")).toBe(0);
  });
});

describe("D1 per settings and payment page", { timeout: 60_000 }, () => {
  // Decision 0026's budget for every signed-in page: at most 2 D1 reads (the session with the user's row, and what
  // the page shows from the global tables in one statement) and no write.
  it.each(["/settings/account", "/settings/login-connection", "/settings/my-plan", "/payment"])(
    "%s reads D1 at most twice and writes nothing",
    async (path) => {
      const { client: signedIn } = await signedInClient();
      await signedIn.get("/web-main"); // the first view after signing in; the one measured is a later one
      const { client, counts } = counted(signedIn);
      const page = await client.get(path);
      expect(page.status).toBe(200);
      await page.text();
      const all = counts.statements.join("\n");
      expect(counts.writes, all).toBe(0);
      expect(counts.reads, all).toBeLessThanOrEqual(2);
    },
  );
});

describe("D1 bookmarks", { timeout: 60_000 }, () => {
  it("a request that wrote sends its bookmark back, signed, and the next request starts its D1 session there", async () => {
    const { client } = await signedInClient();
    // A new name is written to D1 (a sign-in writes its session to the account's object, decision 0039).
    expect((await client.action("/settings/account", { intent: "update-name", displayName: "Bookmarked" })).status).toBe(200);
    const cookie = decodeURIComponent(client.cookies.get("d1b") ?? "");
    const bookmark = cookie.split(".")[1] ?? "";
    expect(cookie).toMatch(/^v2\./);
    expect(bookmark).toMatch(BOOKMARK_PATTERN);

    const { client: next, starts } = recordingStarts(client);
    // A page that reads D1 (a signed-in /web-main reads none, decision 0039).
    expect((await next.get("/settings/account")).status).toBe(200);
    expect(starts).toContain(bookmark);
    expect(starts).not.toContain("first-unconstrained");
  });

  it("the cookie is HttpOnly and SameSite=Lax, Secure over https; a page that only reads leaves it alone", async () => {
    const { client } = await signedInClient();
    const page = await client.get("/web-main");
    expect(page.headers.getSetCookie().filter((line) => line.startsWith("d1b="))).toEqual([]);
    const signIn = await new Client().action("/auth/login", { email: "nobody@example.com", password: "wrong-password1" });
    expect(signIn.setCookies.filter((line) => line.startsWith("d1b="))).toEqual([]);

    const renamed = await client.action("/settings/account", { intent: "update-name", displayName: "Bookmarked" });
    const line = renamed.setCookies.find((header) => header.startsWith("d1b="));
    expect(line, "the new name was written").toBeDefined();
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Secure/);
  });

  it("ignores a bookmark cookie the server did not sign, or that is not a bookmark: the page is served, D1 starts anywhere", async () => {
    const forged = [
      "ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff",
      "v2.ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "v2.not-a-bookmark.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "%E0%A4%A",
      "x".repeat(4_000),
    ];
    for (const value of forged) {
      const { client, user } = await signedInClient();
      client.cookies.set("d1b", value);
      const { client: next, starts } = recordingStarts(client);
      const page = await next.get("/web-main");
      expect(page.status, value.slice(0, 40)).toBe(200);
      const root = await next.loaderData("/web-main", "root");
      expect(root.data?.user).toMatchObject({ email: user.email });
      expect(starts.every((start) => start === "first-unconstrained" || start === "first-primary")).toBe(true);
      expect((await next.get("/api/credits")).status).toBe(200);
    }
  });
});
