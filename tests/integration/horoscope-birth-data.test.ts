// Birth data entered once, through the real worker: stored per account (a visitor under their guest id), shown as
// the chart on the birth-chart page and as the prefilled sign elsewhere, refused with translated messages when
// wrong (nothing stored), searched offline through /api/places, and saved to the gallery by signed-in users only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountSchema, inAccountDb } from "./account-helpers";
import { Client, createUser, guestIdOf, signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";

const ROUTE = "routes/_main.horoscope.$pathId.($threadId)";
const VALID = { birthDate: "1990-06-15", birthTime: "14:30", placeId: "tr-istanbul" };

function postBirthData(client: Client, fields: Record<string, string>, locale?: "tr") {
  return client.fetch("/api/horoscope/birth-profile", {
    method: "POST",
    headers: locale ? { Cookie: [client.cookieHeader(), "locale=tr"].filter(Boolean).join("; ") } : {},
    body: new URLSearchParams(fields),
  });
}

/** The birth data kept in the account's own object (a visitor's under their guest id), if any. */
function storedProfiles(accountId: string) {
  return inAccountDb(accountId, (accountDb) => accountDb.select().from(accountSchema.birthProfiles).all());
}

/** A refused request stores nothing: the visitor it made has no birth data (or no guest id at all). */
async function storedFor(client: Client) {
  const guestId = guestIdOf(client);
  return guestId ? (await storedProfiles(guestId)).length : 0;
}

describe("birth data", { timeout: 60_000 }, () => {
  it("stores a visitor's birth data once and shows the chart and the prefilled sign from it", async () => {
    const client = new Client();
    const saved = await postBirthData(client, VALID);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ok: true });
    const guestId = guestIdOf(client);
    expect(guestId).toMatch(/^g_/);
    expect(await storedProfiles(guestId)).toMatchObject([{ ownerId: guestId, ...VALID }]);

    const chartPage = await client.loaderData("/horoscope/birth-chart", ROUTE);
    const chart = chartPage.data!.chart as { svg: string; bodies: { text: string }[]; angles: unknown[] };
    expect(chart.svg).toContain('role="img" aria-label="Birth chart"');
    expect(chart.bodies[0]!.text).toBe("Sun · Gemini 24°06′");
    expect(chart.angles).toHaveLength(2);
    expect(chartPage.data!.birth).toMatchObject({ birthDate: "1990-06-15", birthTime: "14:30", place: { id: "tr-istanbul" }, sunSign: "gemini" });

    const daily = await client.loaderData("/horoscope/love-compatibility", ROUTE);
    expect(daily.data!.birth).toMatchObject({ sunSign: "gemini" });
    expect(daily.data!.chart).toBeNull();

    // Entered again, it replaces the first (one row per account); without a time there are no houses.
    expect((await postBirthData(client, { ...VALID, birthTime: "" })).status).toBe(200);
    const again = await client.loaderData("/horoscope/birth-chart", ROUTE);
    expect(again.data!.chart).toMatchObject({ timeKnown: false, angles: [] });
    expect(await storedProfiles(guestId)).toHaveLength(1);
  });

  it("moves a visitor's birth data to the account they sign in to", async () => {
    const client = new Client();
    expect((await postBirthData(client, VALID)).status).toBe(200);
    const guestId = guestIdOf(client);
    const user = await createUser();
    const signedIn = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/horoscope/birth-chart" });
    expect(signedIn.redirect).toBeTruthy();
    expect(await storedProfiles(user.id)).toMatchObject([{ ownerId: user.id, ...VALID }]);
    // Moved, not copied: the guest's object keeps nothing.
    expect(await storedProfiles(guestId)).toEqual([]);
    const page = await client.loaderData("/horoscope/daily", ROUTE);
    expect(page.data!.birth).toMatchObject({ sunSign: "gemini" });
  });

  it.each([
    ["an impossible date", { birthDate: "2023-02-30" }, "birthDate", "Please enter a valid date"],
    ["a date in the future", { birthDate: "2999-01-01" }, "birthDate", "Please enter a date between 1900 and today"],
    ["a date before 1900", { birthDate: "1899-06-01" }, "birthDate", "Please enter a date between 1900 and today"],
    ["a malformed time", { birthTime: "7pm" }, "birthTime", "Please enter a time as hours and minutes"],
    ["no place", { placeId: "" }, "placeId", "Please choose your birth place from the list"],
  ])("refuses %s with a 400 and the field's message, storing nothing", async (_label, change, field, message) => {
    const client = new Client();
    const response = await postBirthData(client, { ...VALID, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { ok: boolean; error: { code: string; fieldErrors: Record<string, string> } };
    expect(body).toMatchObject({ ok: false, error: { code: "request/invalid", fieldErrors: { [field]: message } } });
    expect(await storedFor(client)).toBe(0);
  });

  it("refuses a place that is not on the list, in the page's language", async () => {
    const client = new Client();
    const response = await postBirthData(client, { ...VALID, placeId: "tr-atlantis" }, "tr");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: { code: "horoscope/place-unknown", message: "Bu yeri tanımıyoruz. Lütfen listeden bir şehir seçin." },
    });
    expect(await storedFor(client)).toBe(0);
  });

  it("refuses a JSON body and a GET", async () => {
    const client = new Client();
    const json = await client.fetch("/api/horoscope/birth-profile", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(VALID),
    });
    expect(json.status).toBe(400);
    const get = await client.fetch("/api/horoscope/birth-profile");
    expect(get.status).toBe(405);
  });

  it("refuses a reading for a place not on the list", async () => {
    const client = new Client();
    const response = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        requestId: crypto.randomUUID(),
        model: "gpt-4o-mini",
        mode: "send",
        tool: "horoscope",
        toolPath: "birth-chart",
        input: { ...VALID, placeId: "xx-nowhere" },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: "horoscope/place-unknown" } });
  });
});

describe("GET /api/places", () => {
  it("answers at most ten cities with their zones, and nothing for an empty or unknown query", async () => {
    const client = new Client();
    const found = (await (await client.fetch("/api/places?q=ist")).json()) as { places: { id: string; label: string; zone: string }[] };
    expect(found.places[0]).toEqual({ id: "tr-istanbul", name: "Istanbul", label: "Istanbul, Türkiye", zone: "Europe/Istanbul" });
    expect(found.places.length).toBeLessThanOrEqual(10);
    expect(await (await client.fetch("/api/places?q=%F0%9F%98%80")).json()).toEqual({ ok: true, places: [] });
    expect(await (await client.fetch("/api/places")).json()).toEqual({ ok: true, places: [] });
  });
});

describe("save the chart to the gallery", { timeout: 60_000 }, () => {
  it("asks a visitor to sign in (401) and stores nothing", async () => {
    const client = new Client();
    await postBirthData(client, VALID);
    const response = await client.fetch("/api/horoscope/chart", { method: "POST", body: new FormData() });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: "auth/sign-in-required" } });
  });

  it("needs birth data first (409), then stores the server-drawn SVG as the user's creation, served only to them", async () => {
    const { client, user } = await signedInClient();
    const none = await client.fetch("/api/horoscope/chart", { method: "POST", body: new FormData() });
    expect(none.status).toBe(409);
    expect(await inAccountDb(user.id, (accountDb) => accountDb.select().from(accountSchema.galleryImages).all())).toEqual([]);

    expect((await postBirthData(client, VALID)).status).toBe(200);
    const saved = await client.fetch("/api/horoscope/chart", { method: "POST", body: new FormData() });
    expect(saved.status).toBe(201);
    const { image } = (await saved.json()) as { image: { id: string; url: string } };
    const { galleryImages } = accountSchema;
    const row = await inAccountDb(user.id, (accountDb) => accountDb.select().from(galleryImages).where(eq(galleryImages.id, image.id)).get());
    expect(row).toMatchObject({
      ownerId: user.id,
      tool: "horoscope",
      contentType: "image/svg+xml",
      prompt: "Birth chart · 1990-06-15 · Istanbul",
      width: 640,
      height: 640,
    });
    const object = await appEnv.MEDIA.get(row!.r2Key);
    const svg = await object!.text();
    expect(svg).toContain('aria-label="Birth chart"');
    expect(svg.match(/data-planet=/g)).toHaveLength(10);

    const media = await client.fetch(image.url);
    expect(media.status).toBe(200);
    expect(media.headers.get("Content-Type")).toContain("image/svg+xml");
    expect((await new Client().fetch(image.url)).status).toBe(404);
  });
});
