// A project's images (decision 0038-projects): uploaded on its page with a chat photo's checks, listed with a thumbnail
// only its owner can open, counted in the project's files, the most recent 4 sent to a vision model in every chat of
// the project (the demo says it looked at them), removed with their file, and in the project's folder of the export.
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { makePdf } from "../fixtures/make-documents.mjs";
import { accountSchema, inAccountDb } from "./account-helpers";
import { signedInClient } from "./auth-helpers";
import { exportsEnv, latestExport, startExport } from "./exports-helpers";
import { deliver, pngFile, signedIn, upload } from "./images-helpers";
import { ask } from "./documents-helpers";
import { askInProject, documentsAccount, newProject, projectAction, projectPage, uploadToProject } from "./projects-helpers";

const PNG = "image/png";

async function uploadRows(accountId: string) {
  return inAccountDb(accountId, (db) => ({
    uploads: db.select().from(accountSchema.uploads).all(),
    images: db.select().from(accountSchema.projectImages).all(),
  }));
}

describe("project images", { timeout: 60_000 }, () => {
  it("an image uploaded on the project page is listed with a thumbnail its owner alone can open, and removal deletes it", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Renovation");
    const uploaded = await uploadToProject(account.client, projectId, await pngFile(32, 20), "kitchen.png", PNG);
    expect(uploaded).toMatchObject({ status: 201, json: { ok: true, kind: "image" } });
    const page = await projectPage(account.client, projectId);
    expect(page.screen!.images).toEqual([{ id: uploaded.json.id, name: "kitchen.png", width: 32, height: 20, addedAt: expect.any(Number) }]);
    const thumbnail = await account.client.get(`/media/uploads/${uploaded.json.id}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe(PNG);
    const { client: stranger } = await signedInClient();
    expect((await stranger.get(`/media/uploads/${uploaded.json.id}`)).status).toBe(404);

    const removed = await projectAction(account.client, projectId, { intent: "remove-file", documentId: uploaded.json.id! });
    expect(removed.status).toBe(200);
    expect((await projectPage(account.client, projectId)).screen!.images).toEqual([]);
    expect(await uploadRows(account.user.id)).toEqual({ uploads: [], images: [] });
    expect((await account.client.get(`/media/uploads/${uploaded.json.id}`)).status).toBe(404);
  });

  it("a file that is no image or document is refused with nothing kept; another account's project is 404", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Renovation");
    const fake = await uploadToProject(account.client, projectId, new TextEncoder().encode("\u0000\u0001not a picture"), "fake.png", PNG);
    expect(fake.status).toBe(415);
    const other = await documentsAccount(null);
    const foreign = await uploadToProject(other.client, projectId, await pngFile(), "kitchen.png", PNG);
    expect(foreign.status).toBe(404);
    expect(await uploadRows(account.user.id)).toEqual({ uploads: [], images: [] });
    expect((await uploadRows(other.user.id)).uploads).toEqual([]);
  });

  it("images count in the project's 20 files: the 21st is refused naming the limit and not kept", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Moodboard");
    for (let index = 0; index < 19; index++) {
      expect((await uploadToProject(account.client, projectId, makePdf([`Note ${index}.`]), `note-${index}.pdf`)).status).toBe(201);
    }
    expect((await uploadToProject(account.client, projectId, await pngFile(), "last.png", PNG)).status).toBe(201);
    const refused = await uploadToProject(account.client, projectId, await pngFile(), "extra.png", PNG);
    expect(refused).toMatchObject({ status: 413, json: { error: { code: "project/files-limit", message: expect.stringContaining("20 on Free") } } });
    const rows = await uploadRows(account.user.id);
    expect(rows.images.map((row) => row.name)).toEqual(["last.png"]);
    expect(rows.uploads).toHaveLength(1);
  });

  it("every chat of the project sends a vision model its 4 most recent images; the demo says it looked at them", async () => {
    const account = await documentsAccount("images");
    const projectId = await newProject(account.client, "Garden");
    const sizes = [10, 11, 12, 13, 14];
    for (const [index, width] of sizes.entries()) {
      expect((await uploadToProject(account.client, projectId, await pngFile(width, 9), `bed-${index}.png`, PNG)).status).toBe(201);
    }
    const answer = await askInProject(account.client, "Which plants fit?", { projectId });
    expect(answer.status).toBe(200);
    // The 4 most recent, newest first, told apart by their size (the oldest, 10 pixels wide, is not sent).
    const base64Length = (bytes: Uint8Array) => Math.ceil(bytes.length / 3) * 4;
    const expected = await Promise.all([14, 13, 12, 11].map(async (width) => `IMAGE image/png ${base64Length(await pngFile(width, 9))}`));
    expect(answer.done?.text?.match(/^IMAGE image\/png \d+/gm)).toEqual(expected);
    const again = await askInProject(account.client, "And in the shade?", { threadId: answer.threadId! });
    expect(again.done?.text?.match(/^IMAGE image\/png \d+/gm)).toHaveLength(4);

    const demo = await documentsAccount(null);
    const demoProject = await newProject(demo.client, "Garden");
    await uploadToProject(demo.client, demoProject, await pngFile(), "bed.png", PNG);
    const demoAnswer = await askInProject(demo.client, "Which plants fit?", { projectId: demoProject });
    expect(demoAnswer.done?.text).toContain('I also looked at the project\'s 1 most recent images ("bed.png")');
    // A chat outside the project is sent none.
    const outside = await askInProject(account.client, "Which plants fit?", {});
    expect(outside.done?.text).toBe("NO IMAGE");
  });

  it("a photo sent in a project's chat can be added to the project; removed from it, it stays in the chat", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Garden");
    const photo = (await upload(account.client, await pngFile(30, 12))).json.id!;
    // A photo not sent in any chat is not the chats' to add.
    expect((await projectAction(account.client, projectId, { intent: "add-file", documentId: photo })).status).toBe(404);
    const chat = await askInProject(account.client, "Hello", { projectId });
    expect((await ask(account.client, "Which flower is this?", { attachmentId: photo, threadId: chat.threadId! })).status).toBe(200);
    const chatPage = () => account.client.loaderData(`/web-main/${chat.threadId}`, "routes/_main.web-main.($threadId)");
    expect(((await chatPage()).data!.project as { fileIds: string[] }).fileIds).not.toContain(photo);

    expect((await projectAction(account.client, projectId, { intent: "add-file", documentId: photo })).status).toBe(200);
    const images = (await projectPage(account.client, projectId)).screen!.images;
    expect(images).toEqual([{ id: photo, name: expect.stringMatching(/^photo-\d{4}-\d{2}-\d{2}\.png$/), width: 30, height: 12, addedAt: expect.any(Number) }]);
    // The chat's "Add to project" goes, and the project's other chats are sent it.
    expect(((await chatPage()).data!.project as { fileIds: string[] }).fileIds).toContain(photo);
    const other = await askInProject(account.client, "What grows here?", { projectId });
    expect(other.done?.text).toContain(`I also looked at the project's 1 most recent images ("${images[0]!.name}")`);
    // Another account can add it to nothing of its own.
    const stranger = await documentsAccount(null);
    const theirs = await newProject(stranger.client, "Theirs");
    expect((await projectAction(stranger.client, theirs, { intent: "add-file", documentId: photo })).status).toBe(404);

    expect((await projectAction(account.client, projectId, { intent: "remove-file", documentId: photo })).status).toBe(200);
    expect((await projectPage(account.client, projectId)).screen!.images).toEqual([]);
    expect((await uploadRows(account.user.id)).uploads.map((row) => row.id)).toEqual([photo]);
    expect((await account.client.get(`/media/uploads/${photo}`)).status).toBe(200);
  });

  it("deleting the project deletes its images with their files", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Renovation");
    const uploaded = await uploadToProject(account.client, projectId, await pngFile(), "hall.png", PNG);
    expect(uploaded.status).toBe(201);
    expect((await projectAction(account.client, projectId, { intent: "delete", chats: "keep" })).status).toBe(200);
    expect(await uploadRows(account.user.id)).toEqual({ uploads: [], images: [] });
    expect((await account.client.get(`/media/uploads/${uploaded.json.id}`)).status).toBe(404);
  });

  it("Download my data lists the project's image in its folder, written once under uploads/", async () => {
    const { env, sent } = exportsEnv();
    const { client } = await signedIn(env);
    const projectId = await newProject(client, "Garden");
    expect((await uploadToProject(client, projectId, await pngFile(), "bed.png", PNG)).status).toBe(201);
    expect((await startExport(client)).status).toBe(202);
    await deliver(env, [{ id: "export-project-images", body: sent.at(-1) }], "data-exports");
    const ready = (await latestExport(client))!;
    const files = unzipSync(new Uint8Array(await (await client.get(ready.downloadUrl!)).arrayBuffer()));
    const project = JSON.parse(strFromU8(files[`projects/Garden-${projectId.slice(0, 8)}/project.json`]!)) as { files: { name: string; file: string }[] };
    expect(project.files).toEqual([{ name: "bed.png", file: expect.stringMatching(/^uploads\/\d{4}-\d{2}-\d{2}-project-image-[0-9a-f]{8}\.png$/) }]);
    expect(files[project.files[0]!.file]).toBeDefined();
  });
});
