// "Edit image" end to end inside workerd (decision 0029): POST /api/images/edits charges and queues
// an image job; the consumer changes the picture (the demo provider's real pixel tint or cut-out, or OpenAI's
// images.edit through the SDK, or Gemini's image model through its native generateContent, against the fake server)
// and files the result as a new version of its original.
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { decodePng, encodePng } from "../../app/.server/images/png";
import type { GalleryPage } from "../../app/.server/images/gallery";
import type { JobView } from "../../app/lib/jobs";
import { accountSchema, inAccountDb } from "./account-helpers";
import type { Client } from "./auth-helpers";
import { appEnv } from "./helpers";
import { createJob, creditsUsed, deliver, galleryRowsOf, jobMessage, jobRow, jobsEnv, pngFile, signedIn, upload } from "./images-helpers";

const providerVars = (imageModel = "gpt-image-1") => ({
  OPENAI_API_KEY: "sk-fake-images",
  OPENAI_BASE_URL: inject("fakeUpstreamUrl"),
  OPENAI_IMAGE_MODEL: imageModel,
});

/** Gemini alone, against the fake's native generateContent beside its OpenAI-compatible path (as Google serves both). */
const geminiVars = (editModel = "gemini-2.5-flash-image") => ({
  GEMINI_API_KEY: "fake-gemini-key",
  GEMINI_BASE_URL: inject("fakeUpstreamUrl").replace(/\/v1$/, "/v1beta/openai/"),
  GEMINI_IMAGE_EDIT_MODEL: editModel,
});

type EditAnswer = { status: number; job?: JobView; error?: string; message?: string; fieldErrors?: Record<string, string> };

async function edit(client: Client, fields: Record<string, string>, mask?: Uint8Array, maskType = "image/png"): Promise<EditAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", ...fields })) form.set(name, value);
  if (mask) form.set("mask", new File([mask as Uint8Array<ArrayBuffer>], "mask.png", { type: maskType }));
  const response = await client.fetch("/api/images/edits", { method: "POST", body: form });
  const wire = (await response.json()) as { ok: boolean; job?: JobView; error?: { code: string; message: string; fieldErrors?: Record<string, string> } };
  return { status: response.status, job: wire.job, error: wire.error?.code, message: wire.error?.message, fieldErrors: wire.error?.fieldErrors };
}

/** A brush mask like the page's: transparent (painted) on the left half, opaque elsewhere. */
function leftHalfMask(width: number, height: number) {
  const pixels = new Uint8Array(width * height * 4);
  for (let index = 0; index < width * height; index++) pixels[index * 4 + 3] = index % width < width / 2 ? 0 : 255;
  return encodePng(width, height, pixels);
}

/** A finished demo picture in the gallery (640 x 640), as the image generator makes it. */
async function madePicture(client: Client, env: ReturnType<typeof jobsEnv>["env"]) {
  const created = await createJob(client, { tool: "image-generation", prompt: "a red bicycle", aspectRatio: "1:1" });
  await deliver(env, [{ id: `m-${created.job!.id}`, body: jobMessage(created.job!.id) }]);
  return (await galleryRowsOf(created.job!.id))[0]!;
}

async function pixelsOf(r2Key: string) {
  const object = await appEnv.MEDIA.get(r2Key);
  return (await decodePng(new Uint8Array(await object!.arrayBuffer())))!;
}

const jobCount = (accountId: string) => inAccountDb(accountId, (db) => db.select().from(accountSchema.imageJobs).all().length);

describe("Edit image", () => {
  it("offline: tints only the painted half, files a version of the original, charges once, and versions of versions stay together", async () => {
    const { env, sent } = jobsEnv();
    const { client, user } = await signedIn(env);
    const original = await madePicture(client, env);
    expect(await creditsUsed(client)).toBe(4);

    const mask = await leftHalfMask(original.width, original.height);
    const requestId = crypto.randomUUID();
    const created = await edit(client, { requestId, sourceImageId: original.id, prompt: "make it a watercolour" }, mask);
    expect(created).toMatchObject({ status: 201, job: { id: requestId, status: "queued", tool: "image-generation", prompt: "make it a watercolour" } });
    // Sent twice (a double click): one job, one charge.
    expect((await edit(client, { requestId, sourceImageId: original.id, prompt: "make it a watercolour" }, mask)).job?.id).toBe(requestId);
    expect(await creditsUsed(client)).toBe(8);
    expect(sent.at(-1)).toEqual({ jobId: requestId, accountId: user.id });

    await deliver(env, [{ id: "edit-1", body: jobMessage(requestId) }]);
    await deliver(env, [{ id: "edit-1-again", body: jobMessage(requestId) }]);
    const [version, ...others] = await galleryRowsOf(requestId);
    expect(others).toEqual([]);
    expect(version).toMatchObject({ sourceImageId: original.id, model: "demo", contentType: "image/png", width: original.width, height: original.height });
    expect(await creditsUsed(client)).toBe(8);

    // The painted (left) half changed, the rest is the original's pixels.
    const before = await pixelsOf(original.r2Key);
    const after = await pixelsOf(version!.r2Key);
    const at = (image: { pixels: Uint8Array; width: number }, x: number, y: number) => [
      ...image.pixels.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
    ];
    expect(at(after, 10, 300)).not.toEqual(at(before, 10, 300));
    expect(at(after, 600, 300)).toEqual(at(before, 600, 300));

    // Editing the version files the next one under the same original; the gallery shows them side by side.
    const again = await edit(client, { sourceImageId: version!.id, prompt: "remove the background" }, mask);
    await deliver(env, [{ id: "edit-2", body: jobMessage(again.job!.id) }]);
    const [third] = await galleryRowsOf(again.job!.id);
    expect(third!.sourceImageId).toBe(original.id);
    expect(at(await pixelsOf(third!.r2Key), 10, 300)[3]).toBe(0);
    const page = (await client.loaderData(`/gallery?image=${version!.id}`, "routes/_main.gallery")).data as unknown as GalleryPage;
    expect(page.focused?.versions.map((item) => item.id)).toEqual([original.id, version!.id, third!.id]);

    // "Use again" on a version brings back its change and its picture.
    expect((await jobRow(requestId))?.params).toContain(original.id);

    // Deleting a version deletes its picture and its brush mask.
    const maskKey = `masks/${user.id}/${requestId}.png`;
    expect(await appEnv.MEDIA.head(maskKey)).not.toBeNull();
    expect((await client.action("/gallery", { intent: "delete", id: version!.id })).status).toBe(200);
    expect(await appEnv.MEDIA.head(maskKey)).toBeNull();
    expect(await appEnv.MEDIA.head(version!.r2Key)).toBeNull();
  });

  it("a photo attached in chat is edited too: the whole picture tinted offline, kept in the gallery with no original row", async () => {
    const { env } = jobsEnv();
    const { client } = await signedIn(env);
    const photo = await upload(client, await pngFile(24, 16));
    const created = await edit(client, { uploadId: photo.json.id!, prompt: "make it a watercolour" });
    expect(created.status).toBe(201);
    await deliver(env, [{ id: "photo-1", body: jobMessage(created.job!.id) }]);
    const [version] = await galleryRowsOf(created.job!.id);
    expect(version).toMatchObject({ sourceImageId: null, model: "demo", width: 24, height: 16 });
    const before = (await decodePng(await pngFile(24, 16)))!;
    const after = await pixelsOf(version!.r2Key);
    expect(after.pixels.filter((value, index) => value !== before.pixels[index]).length).toBeGreaterThan(24 * 16 * 2);
    expect(await creditsUsed(client)).toBe(4);
  });

  it("with OpenAI: sends the picture and the mask to images.edit, stores the version; a refused edit is refunded", async () => {
    const demo = jobsEnv();
    const { client, user } = await signedIn(demo.env);
    const original = await madePicture(client, demo.env);

    const openai = jobsEnv(providerVars());
    const viaOpenai = client.withEnv(openai.env);
    const created = await edit(viaOpenai, { sourceImageId: original.id, prompt: "add a hat" }, await leftHalfMask(original.width, original.height));
    expect(created.status).toBe(201);
    await deliver(openai.env, [{ id: "openai-1", body: jobMessage(created.job!.id) }]);
    // The fake answers 32 x 32 only when the mask part arrived.
    expect((await galleryRowsOf(created.job!.id))[0]).toMatchObject({ sourceImageId: original.id, model: "gpt-image-1", width: 32, height: 32 });
    expect(await creditsUsed(client)).toBe(8);

    const refusing = jobsEnv(providerVars("image-policy"));
    const refused = await edit(client.withEnv(refusing.env), { sourceImageId: original.id, prompt: "add a hat" });
    expect(await creditsUsed(client)).toBe(12);
    await deliver(refusing.env, [{ id: "policy-1", body: jobMessage(refused.job!.id) }]);
    expect(await jobRow(refused.job!.id)).toMatchObject({ status: "failed", errorCode: "image/rejected", ownerId: user.id });
    expect(await galleryRowsOf(refused.job!.id)).toEqual([]);
    expect(await creditsUsed(client)).toBe(8);
  });

  it("with Gemini: sends the picture and the mask to its image model, stores the version; a blocked edit is refunded", async () => {
    const demo = jobsEnv();
    const { client, user } = await signedIn(demo.env);
    const original = await madePicture(client, demo.env);

    const gemini = jobsEnv(geminiVars());
    const viaGemini = client.withEnv(gemini.env);
    const mask = await leftHalfMask(original.width, original.height);
    const created = await edit(viaGemini, { model: "gemini-2.0-flash", sourceImageId: original.id, prompt: "add a hat" }, mask);
    expect(created.status).toBe(201);
    await deliver(gemini.env, [{ id: "gemini-1", body: jobMessage(created.job!.id) }]);
    // The fake answers 32 x 32 only when the mask came as a second picture after the original.
    const [version] = await galleryRowsOf(created.job!.id);
    expect(version).toMatchObject({ sourceImageId: original.id, model: "gemini-2.5-flash-image", width: 32, height: 32 });
    expect((await pixelsOf(version!.r2Key)).width).toBe(32);
    expect(await creditsUsed(client)).toBe(8);

    const blocking = jobsEnv(geminiVars("image-policy"));
    const blocked = await edit(client.withEnv(blocking.env), { model: "gemini-2.0-flash", sourceImageId: original.id, prompt: "add a hat" });
    expect(await creditsUsed(client)).toBe(12);
    await deliver(blocking.env, [{ id: "gemini-policy-1", body: jobMessage(blocked.job!.id) }]);
    expect(await jobRow(blocked.job!.id)).toMatchObject({ status: "failed", errorCode: "image/rejected", ownerId: user.id });
    expect(await galleryRowsOf(blocked.job!.id)).toEqual([]);
    expect(await creditsUsed(client)).toBe(8);
  });

  it("with Gemini: an answer in words without a picture ends at once as a refusal, refunded, not retried", async () => {
    const demo = jobsEnv();
    const { client, user } = await signedIn(demo.env);
    const original = await madePicture(client, demo.env);
    const wordy = jobsEnv(geminiVars("image-words"));
    const created = await edit(client.withEnv(wordy.env), { model: "gemini-2.0-flash", sourceImageId: original.id, prompt: "add a hat" });
    expect(await creditsUsed(client)).toBe(8);

    const result = await deliver(wordy.env, [{ id: "gemini-words-1", body: jobMessage(created.job!.id) }]);
    expect(result.retryMessages).toEqual([]);
    expect(await jobRow(created.job!.id)).toMatchObject({ status: "failed", errorCode: "image/rejected", ownerId: user.id });
    expect(await galleryRowsOf(created.job!.id)).toEqual([]);
    expect(await creditsUsed(client)).toBe(4);
    // What the page polls: failed with the refusal's code, which it shows as errors:image/rejected (en and tr).
    const polled = (await (await client.fetch(`/api/jobs?ids=${created.job!.id}`)).json()) as { jobs: JobView[] };
    expect(polled.jobs).toMatchObject([{ id: created.job!.id, status: "failed", errorCode: "image/rejected" }]);
  });

  it("refuses another account's picture (404), a missing picture, a long change and a wrong mask: nothing stored or charged", async () => {
    const { env, sent } = jobsEnv();
    const { client: owner } = await signedIn(env);
    const original = await madePicture(owner, env);
    const { client: stranger, user: strangerUser } = await signedIn(env);
    const queued = sent.length;

    expect(await edit(stranger, { sourceImageId: original.id, prompt: "add a hat" })).toMatchObject({ status: 404, error: "image/source-missing" });
    expect(await edit(stranger, { prompt: "add a hat" })).toMatchObject({ status: 400, error: "request/invalid" });
    const long = await edit(owner, { sourceImageId: original.id, prompt: "x".repeat(5000) });
    expect(long).toMatchObject({ status: 400, error: "request/invalid", fieldErrors: { prompt: "This is too long" } });
    const small = await edit(owner, { sourceImageId: original.id, prompt: "add a hat" }, await leftHalfMask(10, 10));
    expect(small).toMatchObject({ status: 400, error: "image/mask-invalid" });
    owner.cookies.set("locale", "tr");
    const notPng = await edit(owner, { sourceImageId: original.id, prompt: "add a hat" }, new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg");
    expect(notPng).toMatchObject({
      status: 400,
      error: "image/mask-invalid",
      message: "Boyanan alan, resimle aynı boyutta bir PNG olmalı. Lütfen yeniden boyayın.",
    });

    expect(sent.length).toBe(queued);
    expect(await creditsUsed(owner)).toBe(4);
    expect(await creditsUsed(stranger)).toBe(0);
    expect(await jobCount(strangerUser.id)).toBe(0);
    const versions = await inAccountDb(original.ownerId, (db) =>
      db.select().from(accountSchema.galleryImages).where(eq(accountSchema.galleryImages.sourceImageId, original.id)).all(),
    );
    expect(versions).toEqual([]);
  });
});
