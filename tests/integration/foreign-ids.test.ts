// Ids a request names in its body are checked against the asker (SECURITY.md "Data of others"): another
// account's upload as a chat attachment or as a tool's photo is a 404, with nothing stored and nothing charged.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { accountSchema, inAccountDb } from "./account-helpers";
import { accountThreads } from "./chat-helpers";
import { appEnv } from "./helpers";
import { createJob, creditsUsed, deliver, galleryRowsOf, jobMessage, jobsEnv, pngFile, signedIn, upload } from "./images-helpers";

async function jobsOf(ownerId: string) {
  return inAccountDb(ownerId, (account) => account.select().from(accountSchema.imageJobs).all());
}

describe("another account's upload id", () => {
  it("as a chat attachment is 404 in the asker's language: no thread, no message, no credit", async () => {
    const { env } = jobsEnv();
    const owner = await signedIn(env);
    const photo = await upload(owner.client, await pngFile());
    expect(photo.status).toBe(201);
    const stranger = await signedIn(env);

    for (const locale of ["en", "tr"] as const) {
      stranger.client.cookies.set("locale", locale);
      const response = await stranger.client.fetch("/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          requestId: crypto.randomUUID(),
          model: "gpt-4o-mini",
          mode: "send",
          message: "What is in this photo?",
          attachmentId: photo.json.id,
        }),
      });
      expect(response.status).toBe(404);
      const messages = { en, tr }[locale];
      expect(await response.json()).toEqual({ ok: false, error: { code: "upload/missing", message: messages["upload/missing"] } });
    }
    expect(await accountThreads(stranger.user.id)).toEqual([]);
    expect(await creditsUsed(stranger.client)).toBe(0);

    // The owner attaches it as usual.
    const own = await owner.client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        requestId: crypto.randomUUID(),
        model: "gpt-4o-mini",
        mode: "send",
        message: "What is in this photo?",
        attachmentId: photo.json.id,
      }),
    });
    expect(own.status).toBe(200);
    await own.text();
  });

  it("as a tattoo or photo-translate source, and through retry, is 404: no job, no credit", async () => {
    const { env, sent } = jobsEnv();
    const owner = await signedIn(env);
    const photo = await upload(owner.client, await pngFile(40, 30));
    const stranger = await signedIn(env);
    stranger.client.cookies.set("locale", "tr");

    const tattoo = await createJob(stranger.client, { tool: "tattoo-generator", uploadId: photo.json.id!, theme: "tree" });
    expect(tattoo).toMatchObject({ status: 404, ok: false, error: "upload/missing", message: tr["upload/missing"] });
    const translate = await createJob(stranger.client, { tool: "photo-translate", uploadId: photo.json.id!, targetLanguage: "tr" });
    expect(translate).toMatchObject({ status: 404, error: "upload/missing" });

    // The owner's failed job cannot be retried by someone else either.
    const ownJob = await createJob(owner.client, { tool: "tattoo-generator", uploadId: photo.json.id!, theme: "tree" });
    const { imageJobs } = accountSchema;
    await inAccountDb(owner.user.id, (account) => account.update(imageJobs).set({ status: "failed" }).where(eq(imageJobs.id, ownJob.job!.id)).run());
    const retried = await stranger.client.fetch(`/api/jobs/${ownJob.job!.id}/retry`, {
      method: "POST",
      body: new URLSearchParams({ requestId: crypto.randomUUID() }),
    });
    expect(retried.status).toBe(404);

    expect(await jobsOf(stranger.user.id)).toEqual([]);
    expect(await creditsUsed(stranger.client)).toBe(0);
    expect(sent.map((message) => message.jobId)).toEqual([ownJob.job!.id]);
  });
});

describe("another account's creation, job or upload id (each account's rows in its own object)", () => {
  it("reaches only the asker's object, where it is not: 404 or absent, and the owner's files stay", async () => {
    const { env } = jobsEnv();
    const owner = await signedIn(env);
    const stranger = await signedIn(env);
    const photo = await upload(owner.client, await pngFile());
    const created = await createJob(owner.client, { tool: "image-generation", prompt: "a quiet harbour", style: "none", aspectRatio: "1:1" });
    await deliver(env, [{ id: "own", body: jobMessage(created.job!.id) }]);
    const [image] = await galleryRowsOf(created.job!.id);

    for (const path of [`/media/gallery/${image!.id}`, `/media/gallery/${image!.id}?download=1`, `/media/uploads/${photo.json.id}`]) {
      const response = await stranger.client.fetch(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
    const polled = await stranger.client.fetch(`/api/jobs?ids=${created.job!.id}`);
    expect(await polled.json()).toEqual({ ok: true, jobs: [] });
    const gallery = await stranger.client.loaderData(`/gallery?image=${image!.id}`, "routes/_main.gallery");
    expect(gallery.data).toMatchObject({ items: [], total: 0, focused: null });
    expect(await stranger.client.action("/gallery", { intent: "delete", id: image!.id })).toMatchObject({
      status: 404,
      data: { error: { code: "request/not-found" } },
    });

    // The owner still has all of it.
    expect((await owner.client.fetch(`/media/gallery/${image!.id}`)).status).toBe(200);
    expect((await owner.client.fetch(`/media/uploads/${photo.json.id}`)).status).toBe(200);
    expect(await appEnv.MEDIA.head(image!.r2Key)).not.toBeNull();
  });
});
