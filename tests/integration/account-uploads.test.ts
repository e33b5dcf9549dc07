// An account's uploads (decision 0013): UPLOAD_LIMITS.accountDaily a UTC day (chat and tool uploads
// and profile photos together), then 429 with Retry-After until midnight UTC; and the plan's storage quota, counted
// from the stored sizes of uploads and creations, past which an upload is 413 with a message naming the quota.
// Settings › Account shows the use against the quota.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../../app/.server/db";
import { UPLOAD_LIMITS } from "../../app/.server/write-limits";
import { formatWait } from "../../app/lib/error-text";
import { nextUtcMidnight } from "../../app/lib/time";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { accountSchema, inAccountDb } from "./account-helpers";
import { db, pngFile, signedIn, upload, uploadCount } from "./images-helpers";
import { appEnv } from "./helpers";

const MB = 1024 * 1024;
const FREE_QUOTA = UPLOAD_LIMITS.storageQuotaBytes.free;

/** Rows that say the account keeps `bytes` already (the quota counts recorded sizes; no object is needed for that). */
async function keepBytes(ownerId: string, bytes: number) {
  const id = crypto.randomUUID();
  await inAccountDb(ownerId, (account) =>
    account
      .insert(accountSchema.uploads)
      .values({ id, ownerId, r2Key: `uploads/${ownerId}/${id}.png`, contentType: "image/png", bytes, width: 1, height: 1 })
      .run(),
  );
}

const uploadsOf = uploadCount;

function photoForm(bytes: Uint8Array) {
  const form = new FormData();
  form.set("intent", "upload-photo");
  form.set("photo", new File([bytes as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
  return form;
}

describe("an account's uploads", { timeout: 60_000 }, () => {
  it(`allows ${UPLOAD_LIMITS.accountDaily} a UTC day, then 429 until midnight UTC, for a profile photo too`, async () => {
    const { client, user } = await signedIn(appEnv);
    const png = await pngFile(8, 8);
    const uploads = await Promise.all(Array.from({ length: UPLOAD_LIMITS.accountDaily }, () => upload(client, png)));
    expect(uploads.map((answer) => answer.status)).toEqual(uploads.map(() => 201));

    const refused = await client.fetch("/api/uploads", {
      method: "POST",
      body: (() => {
        const form = new FormData();
        form.set("file", new File([png as Uint8Array<ArrayBuffer>], "x.png", { type: "image/png" }));
        return form;
      })(),
    });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(Math.abs(retryAfter - (nextUtcMidnight(Date.now()) - Date.now()) / 1000)).toBeLessThan(5);
    expect(await refused.json()).toMatchObject({
      ok: false,
      error: { code: "upload/daily-limit", message: en["upload/daily-limit_wait"].replace("{{wait}}", formatWait(retryAfter, "en")) },
    });

    const photo = await client.action("/settings/account", photoForm(png));
    expect(photo.status).toBe(429);
    expect(photo.data).toMatchObject({ ok: false, error: { code: "upload/daily-limit" } });
    expect(await uploadsOf(user.id)).toBe(UPLOAD_LIMITS.accountDaily);
  });

  it("refuses an upload past the plan's storage quota with 413 naming it, in the person's language; nothing is stored", async () => {
    const { client, user } = await signedIn(appEnv);
    await keepBytes(user.id, FREE_QUOTA - 100);
    const png = await pngFile(8, 8);

    const refused = await upload(client, png);
    expect(refused.status).toBe(413);
    expect(refused.json.error).toMatchObject({ code: "upload/quota-exceeded", message: en["upload/quota-exceeded"].replace("{{quota}}", "500 MB") });
    client.cookies.set("locale", "tr");
    const turkish = await upload(client, png);
    expect(turkish.json.error?.message).toBe(tr["upload/quota-exceeded"].replace("{{quota}}", "500 MB"));

    const photo = await client.action("/settings/account", photoForm(png));
    expect(photo.status).toBe(413);
    expect(photo.data).toMatchObject({
      ok: false,
      error: { code: "upload/quota-exceeded", message: tr["upload/quota-exceeded"].replace("{{quota}}", "500 MB") },
    });
    expect(await uploadsOf(user.id)).toBe(1);
    const row = await db.query.users.findFirst({ where: eq(schema.users.id, user.id), columns: { profilePhotoKey: true } });
    expect(row?.profilePhotoKey).toBeNull();
  });

  it("decides parallel uploads against the quota one after another: what does not fit is 413 and its file is gone", async () => {
    const { client, user } = await signedIn(appEnv);
    const png = await pngFile(8, 8);
    // Room for one more of these photos, not two.
    await keepBytes(user.id, FREE_QUOTA - Math.floor(png.length * 1.5));
    const answers = await Promise.all([upload(client, png), upload(client, png), upload(client, png)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413, 413]);
    expect(await uploadsOf(user.id)).toBe(2);
    const listed = await appEnv.MEDIA.list({ prefix: `uploads/${user.id}/` });
    expect(listed.objects).toHaveLength(1);
  });

  it("shows the storage used and the quota in Settings › Account, in English and Turkish", async () => {
    const { client, user } = await signedIn(appEnv);
    await keepBytes(user.id, 12.3 * MB);
    const page = await (await client.get("/settings/account")).text();
    expect(page).toContain("Storage: 12.3 MB of 500 MB used");
    client.cookies.set("locale", "tr");
    const turkish = await (await client.get("/settings/account")).text();
    expect(turkish).toContain("Depolama: 500 MB alanın 12,3 MB kadarı kullanılıyor");
  });
});
