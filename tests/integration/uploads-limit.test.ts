// Visitors' uploads (decision 0013): at most UPLOADS_GUEST_DAILY per client address per UTC day, whatever the cookie;
// past it 429 with Retry-After and a message that says when. Accounts have their own daily count (account-uploads.test.ts).
import { describe, expect, it } from "vitest";
import { formatWait } from "../../app/lib/error-text";
import { nextUtcMidnight } from "../../app/lib/time";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { Client, guestIdOf } from "./auth-helpers";
import { jobsEnv, pngFile, signedIn, upload, uploadCount } from "./images-helpers";

describe("visitors' uploads per address per day", () => {
  it("refuses the upload past the cap with 429, Retry-After until UTC midnight and the wait in the message", async () => {
    const { env } = jobsEnv({ UPLOADS_GUEST_DAILY: "3" });
    const visitor = new Client("198.51.100.7", env);
    const png = await pngFile(8, 8);
    // A refused file is not an upload: it does not count.
    expect((await upload(visitor, Uint8Array.of(0x4d, 0x5a, 0x90, 0x00), "x.png")).status).toBe(415);
    for (let index = 0; index < 3; index++) expect((await upload(visitor, png)).status, `upload ${index + 1}`).toBe(201);

    const response = await visitor.fetch("/api/uploads", { method: "POST", body: formWith(png) });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    const untilMidnight = (nextUtcMidnight(Date.now()) - Date.now()) / 1000;
    expect(Math.abs(retryAfter - untilMidnight)).toBeLessThan(5);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: "upload/rate-limited",
      message: en["upload/rate-limited_wait"].replace("{{wait}}", formatWait(retryAfter, "en")),
    });

    // A new cookie is not a new allowance; the message is in the visitor's language.
    const fresh = new Client(visitor.address, env);
    fresh.cookies.set("locale", "tr");
    const turkish = await upload(fresh, png);
    expect(turkish.status).toBe(429);
    expect(turkish.json.error?.message).toMatch(new RegExp(`^${tr["upload/rate-limited_wait"].split("{{wait}}")[0]!}.+ sonra `));

    const guestIds = [visitor, fresh].map(guestIdOf);
    expect((await Promise.all(guestIds.map(uploadCount))).reduce((sum, count) => sum + count, 0)).toBe(3);
    // Another address, and an account on this one, upload as usual.
    expect((await upload(new Client("198.51.100.8", env), png)).status).toBe(201);
    const { client } = await signedIn(env);
    const member = new Client(visitor.address, env);
    for (const [name, value] of client.cookies) member.cookies.set(name, value);
    expect((await upload(member, png)).status).toBe(201);
  });
});

function formWith(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "photo.png", { type: "image/png" }));
  return form;
}
