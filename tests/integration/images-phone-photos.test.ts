// Real phone photos (SECURITY.md "Uploads"): a 640 x 480 JPEG with 4 KB after its end marker (a Pixel motion photo's MP4,
// a Samsung camera trailer) and a PNG with random bytes after IEND are accepted at every entry that takes a photo:
// the tattoo tool, photo translate, a chat attachment and the profile photo. Each is stored as sent and used.
import { describe, expect, it } from "vitest";
import { greyJpeg, motionPhotoTrailer, randomTrailer, samsungTrailer, withTrailer } from "../fixtures/phone-photos";
import { FAST_MODEL, threadMessages, turnResult, upstreamEnv } from "./chat-helpers";
import { createJob, deliver, galleryRowsOf, jobMessage, jobsEnv, pngFile, signedIn, upload, uploadRow } from "./images-helpers";

const motionPhoto = withTrailer(greyJpeg(640, 480), motionPhotoTrailer());
const samsungPhoto = withTrailer(greyJpeg(640, 480), samsungTrailer());

async function uploadPhoto(client: Parameters<typeof upload>[0], bytes: Uint8Array, name: string, type: string) {
  const answer = await upload(client, bytes, name, type);
  expect(answer, name).toMatchObject({ status: 201, json: { id: expect.any(String) } });
  const served = await client.fetch(`/media/uploads/${answer.json.id}`);
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  return answer.json.id!;
}

describe("photos with data after the image's end", () => {
  it("the tattoo tool takes a motion photo and a Samsung photo, and draws a design from each", async () => {
    const { env } = jobsEnv();
    const { client, user } = await signedIn(env);
    for (const [name, photo] of [
      ["PXL_20250101_101010123.MP.jpg", motionPhoto],
      ["20250101_101010.jpg", samsungPhoto],
    ] as const) {
      const uploadId = await uploadPhoto(client, photo, name, "image/jpeg");
      expect(await uploadRow(user.id, uploadId)).toMatchObject({
        contentType: "image/jpeg",
        width: 640,
        height: 480,
        bytes: photo.length,
      });
      const created = await createJob(client, { tool: "tattoo-generator", uploadId, theme: "tree", description: "an oak" });
      expect(created).toMatchObject({ status: 201, job: { status: "queued", sourceUrl: `/media/uploads/${uploadId}` } });
      await deliver(env, [{ id: `tattoo-${uploadId}`, body: jobMessage(created.job!.id) }]);
      expect((await galleryRowsOf(created.job!.id))[0]).toMatchObject({ ownerId: user.id, tool: "tattoo-generator", contentType: "image/png" });
    }
  });

  it("photo translate takes a PNG with bytes after IEND and reads it", async () => {
    const { env } = jobsEnv();
    const { client } = await signedIn(env);
    const uploadId = await uploadPhoto(client, withTrailer(await pngFile(40, 30), randomTrailer()), "screenshot.png", "image/png");
    const created = await createJob(client, { tool: "photo-translate", uploadId, targetLanguage: "tr" });
    expect(created).toMatchObject({ status: 201, job: { status: "queued" } });
    await deliver(env, [{ id: `translate-${uploadId}`, body: jobMessage(created.job!.id) }]);
    const polled = (await (await client.fetch(`/api/jobs?ids=${created.job!.id}`)).json()) as { jobs: { status: string; translation: unknown }[] };
    expect(polled.jobs[0]).toMatchObject({
      status: "done",
      translation: { blocks: expect.arrayContaining([expect.objectContaining({ translation: "Merhaba" })]) },
    });
  });

  it("a chat turn takes a motion photo as its attachment", async () => {
    const { client, user } = await signedIn(upstreamEnv("normal"));
    const uploadId = await uploadPhoto(client, motionPhoto, "PXL_20250101_101010123.MP.jpg", "image/jpeg");
    const response = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: FAST_MODEL, mode: "send", message: "What is in this photo?", attachmentId: uploadId }),
    });
    const turn = await turnResult(response);
    expect(turn).toMatchObject({ status: 200, done: { status: "complete" } });
    const [question] = await threadMessages(user.id, turn.threadId!);
    expect(question).toMatchObject({ role: "user", content: "What is in this photo?", attachmentId: uploadId });
  });

  it("the profile photo takes a Samsung photo and serves it to its owner", async () => {
    const { env } = jobsEnv();
    const { client, user } = await signedIn(env);
    const form = new FormData();
    form.set("intent", "upload-photo");
    form.set("photo", new File([samsungPhoto], "20250101_101010.jpg", { type: "image/jpeg" }));
    expect((await client.action("/settings/account", form)).data).toEqual({ ok: true, notice: "photoUpdated" });
    const profile = (await (await client.get("/api/user/profile")).json()) as { profilePhotoUrl: string | null };
    expect(profile.profilePhotoUrl).toMatch(new RegExp(`^/media/avatar/${user.id}\\?v=`));
    const served = await client.get(profile.profilePhotoUrl!);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(samsungPhoto);
  });
});
