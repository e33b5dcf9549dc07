// Ids a request names in its body are checked against the asker (SECURITY.md "Data of others", issue 30 item 9): another
// account's upload as a chat attachment or as a tool's photo is a 404, with nothing stored and nothing charged.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "../../app/.server/db";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { accountThreads } from "./chat-helpers";
import { createJob, creditsUsed, db, jobsEnv, pngFile, signedIn, upload } from "./images-helpers";

async function jobsOf(ownerId: string) {
  return db.select().from(schema.imageJobs).where(eq(schema.imageJobs.ownerId, ownerId));
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
    await db.update(schema.imageJobs).set({ status: "failed" }).where(eq(schema.imageJobs.id, ownJob.job!.id));
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
