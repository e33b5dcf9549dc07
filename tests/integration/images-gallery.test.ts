// The gallery and media (decision 0006): a user's creations newest first with paging, files served only to their owner
// (user B asking for user A's image or upload gets 404) with the right type, private caching and a server-made
// download name, and delete removing both the row and the R2 object.
import { describe, expect, it } from "vitest";
import { galleryPage } from "../../app/.server/images/gallery";
import { Client } from "./auth-helpers";
import { appEnv } from "./helpers";
import { createJob, deliver, galleryRowsOf, jobMessage, jobsEnv, pngFile, signedIn, upload } from "./images-helpers";

async function makeImage(client: Client, env: ReturnType<typeof jobsEnv>["env"], prompt: string) {
  const created = await createJob(client, { tool: "image-generation", prompt, style: "none", aspectRatio: "1:1" });
  await deliver(env, [{ id: `m-${created.job!.id}`, body: jobMessage(created.job!.id) }]);
  const [row] = await galleryRowsOf(created.job!.id);
  return row!;
}

describe("gallery media", () => {
  it("serves a picture only to its owner, privately cached, with a server-made download name; uploads likewise", async () => {
    const { env } = jobsEnv();
    const a = await signedIn(env);
    const b = await signedIn(env);
    const image = await makeImage(a.client, env, "A red fox, in the snow!");

    const own = await a.client.fetch(`/media/gallery/${image.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("image/png");
    expect(own.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(own.headers.get("Content-Length")).toBe(String(image.bytes));
    expect(own.headers.get("Content-Disposition")).toBe("inline");
    expect(own.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await own.arrayBuffer()).byteLength).toBe(image.bytes);

    const download = await a.client.fetch(`/media/gallery/${image.id}?download=1`);
    const date = new Date(image.createdAt).toISOString().slice(0, 10);
    expect(download.headers.get("Content-Disposition")).toBe(
      `attachment; filename="image-generation-a-red-fox-in-the-snow-${date}.png"; filename*=UTF-8''image-generation%20A%20red%20fox%2C%20in%20the%20snow!%20${date}.png`,
    );
    await download.body?.cancel();

    // Someone else, and a visitor, cannot tell it exists.
    for (const stranger of [b.client, new Client(undefined, env)]) {
      const response = await stranger.fetch(`/media/gallery/${image.id}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
      await response.body?.cancel();
    }

    const photo = await upload(a.client, await pngFile());
    const ownUpload = await a.client.fetch(`/media/uploads/${photo.json.id}`);
    expect(ownUpload.status).toBe(200);
    expect(ownUpload.headers.get("Content-Type")).toBe("image/png");
    expect(ownUpload.headers.get("Cache-Control")).toMatch(/^private/);
    await ownUpload.body?.cancel();
    const foreignUpload = await b.client.fetch(`/media/uploads/${photo.json.id}`);
    expect(foreignUpload.status).toBe(404);
    await foreignUpload.body?.cancel();
  });

  it("lists newest first and pages with a cursor", async () => {
    const { env } = jobsEnv();
    const { client, user } = await signedIn(env);
    const first = await makeImage(client, env, "first");
    const second = await makeImage(client, env, "second");
    const third = await makeImage(client, env, "third");

    const page1 = await galleryPage(appEnv, user.id, { limit: 2 });
    expect(page1.items.map((item) => item.prompt)).toEqual(["third", "second"]);
    expect(page1.items[0]).toMatchObject({
      id: third.id,
      tool: "image-generation",
      model: "demo",
      url: `/media/gallery/${third.id}`,
      settings: { prompt: "third", aspectRatio: "1:1" },
    });
    expect(page1.nextCursor).toBeTruthy();
    const page2 = await galleryPage(appEnv, user.id, { limit: 2, cursor: page1.nextCursor });
    expect(page2.items.map((item) => item.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();

    // The page's own loader: the same order, the count, and ?image= opening one of them.
    const loaded = await client.loaderData(`/gallery?image=${second.id}`, "routes/_main.gallery");
    expect(loaded.status).toBe(200);
    const data = loaded.data as { items: { id: string }[]; total: number; focused: { id: string } | null };
    expect(data.items.map((item) => item.id)).toEqual([third.id, second.id, first.id]);
    expect(data.total).toBe(3);
    expect(data.focused?.id).toBe(second.id);
  });

  it("shows visitors what the gallery is and invites them to sign in (decision 0020)", async () => {
    const response = await new Client().fetch("/gallery");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Your creations, kept in one place");
    expect(html).toContain("/auth/login?redirectTo=%2Fgallery");
  });

  it("delete removes the row and the R2 object; nobody else can delete it", async () => {
    const { env } = jobsEnv();
    const a = await signedIn(env);
    const b = await signedIn(env);
    const image = await makeImage(a.client, env, "to be deleted");

    const foreign = await b.client.action("/gallery", { intent: "delete", id: image.id });
    expect(foreign).toMatchObject({ status: 404, data: { ok: false, error: { code: "request/not-found" } } });
    expect(await appEnv.MEDIA.head(image.r2Key)).not.toBeNull();

    const own = await a.client.action("/gallery", { intent: "delete", id: image.id });
    expect(own).toMatchObject({ status: 200, data: { ok: true, id: image.id } });
    expect(await galleryRowsOf(image.jobId)).toEqual([]);
    expect(await appEnv.MEDIA.head(image.r2Key)).toBeNull();
    const gone = await a.client.fetch(`/media/gallery/${image.id}`);
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
  });
});
