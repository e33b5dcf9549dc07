// Projects (decision 0038-projects): made, changed and listed by their owner only; bad names and instructions are
// field errors with nothing kept; another account's project id is 404; the plan's limits refuse with the limit named;
// chats move in and out (another account's project is 404) and leave the history while in a project; search finds a
// project's chats by its name.
import { describe, expect, it } from "vitest";
import { PROJECT_LIMITS } from "../../app/lib/projects";
import { Client, signedInClient } from "./auth-helpers";
import { sendTurn } from "./chat-helpers";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { ask, uploadAndRead } from "./documents-helpers";
import {
  askInProject,
  createProject,
  documentsAccount,
  historyIds,
  moveChat,
  newProject,
  projectAction,
  projectPage,
  projectRows,
  searchIds,
  uploadToProject,
} from "./projects-helpers";

describe("projects: made and changed by their owner", { timeout: 60_000 }, () => {
  it("makes a project with a name, emoji, colour and instructions, lists it and shows its page", async () => {
    const { client, user } = await signedInClient();
    const made = await createProject(client, { name: "House renovation", emoji: "🏠", colour: "green", instructions: "Answer with costs in TRY." });
    expect(made).toMatchObject({ status: 201, json: { ok: true, project: { name: "House renovation", emoji: "🏠", colour: "green", chats: 0 } } });
    const id = made.json.project!.id;
    const list = (await (await client.get("/api/projects")).json()) as { projects: { id: string }[] };
    expect(list.projects.map((project) => project.id)).toEqual([id]);
    const page = await projectPage(client, id);
    expect(page.screen).toMatchObject({
      project: { id, name: "House renovation", instructions: "Answer with costs in TRY.", keptApart: false },
      chats: [],
      files: [],
    });

    expect((await projectAction(client, id, { intent: "update", name: "Kitchen", emoji: "", colour: "blue" })).status).toBe(200);
    expect((await projectAction(client, id, { intent: "instructions", instructions: "Metric units." })).status).toBe(200);
    expect((await projectAction(client, id, { intent: "kept-apart", keptApart: "true" })).status).toBe(200);
    const [row] = (await projectRows(user.id)).projects;
    expect(row).toMatchObject({ name: "Kitchen", emoji: null, colour: "blue", instructions: "Metric units.", keptApart: true });
  });

  it("refuses an empty or over-long name or instructions with a field error, keeping nothing", async () => {
    const { client, user } = await signedInClient();
    const empty = await createProject(client, { name: "   " });
    expect(empty).toMatchObject({ status: 400, json: { error: { code: "request/invalid", fieldErrors: { name: "Give the project a name." } } } });
    const long = await createProject(client, { name: "x".repeat(61), instructions: "y".repeat(4001) });
    expect(long.json.error?.fieldErrors).toEqual({
      name: "The name can be at most 60 characters.",
      instructions: "Instructions can be at most 4,000 characters.",
    });
    expect((await projectRows(user.id)).projects).toEqual([]);

    const id = await newProject(client, "Trip");
    const inTurkish = client.withEnv(client.env);
    inTurkish.cookies.set("locale", "tr");
    const turkish = await inTurkish.fetch(`/api/projects/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "instructions", instructions: "z".repeat(4001) }),
    });
    expect(turkish.status).toBe(400);
    expect(((await turkish.json()) as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors).toEqual({
      instructions: "Talimatlar en fazla 4.000 karakter olabilir.",
    });
    expect((await projectRows(user.id)).projects[0]).toMatchObject({ name: "Trip", instructions: "" });
  });

  it("answers 404 for another account's project id, on its page and every change, and changes nothing of it", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const id = await newProject(owner.client, "Private");
    // The page says the project does not exist, and shows nothing of it.
    const page = await projectPage(stranger.client, id);
    expect(page.screen).toBeNull();
    expect(page.missing).toBe("This project does not exist or was deleted.");
    for (const fields of <Record<string, string>[]>[
      { intent: "update", name: "Mine now" },
      { intent: "instructions", instructions: "Leak" },
      { intent: "kept-apart", keptApart: "true" },
      { intent: "delete", chats: "delete" },
    ]) {
      const answer = await projectAction(stranger.client, id, fields);
      expect(answer).toMatchObject({ status: 404, json: { error: { code: "project/not-found", message: "This project does not exist or was deleted." } } });
    }
    // A new chat started "in" it, or a file uploaded to it, is refused before anything is kept.
    const asked = await askInProject(stranger.client, "Hello", { projectId: id });
    expect(asked).toMatchObject({ status: 404, error: { code: "project/not-found" } });
    const uploaded = await uploadToProject(stranger.client, id, makePdf(["Secret plan."]), "plan.pdf");
    expect(uploaded).toMatchObject({ status: 404, json: { error: { code: "project/not-found" } } });
    expect((await projectRows(owner.user.id)).projects[0]).toMatchObject({ name: "Private", instructions: "", keptApart: false });
    expect((await projectRows(stranger.user.id)).projects).toEqual([]);
  });

  it("asks a visitor to sign in", async () => {
    const visitor = new Client();
    expect((await createProject(visitor, { name: "Mine" })).status).toBe(401);
  });
});

describe("projects: limits by plan", { timeout: 60_000 }, () => {
  it("Free makes 3 projects, the 4th is refused naming the limit; the page shows the count before", async () => {
    const { client, user } = await signedInClient();
    for (const name of ["One", "Two", "Three"]) await newProject(client, name);
    const page = await client.loaderData("/projects", "routes/_main.projects._index");
    expect(page.data).toMatchObject({ limits: PROJECT_LIMITS.free });
    const fourth = await createProject(client, { name: "Four" });
    expect(fourth).toMatchObject({ status: 409, json: { error: { code: "project/limit", message: expect.stringContaining("3 on Free") } } });
    expect((await projectRows(user.id)).projects).toHaveLength(3);
  });

  it("Pro makes more than 3", async () => {
    const { client } = await signedInClient({ accessLevel: "pro" });
    for (const name of ["One", "Two", "Three", "Four"]) await newProject(client, name);
  });

  it("a project at its 20 files refuses the 21st naming the limit, keeping no file", async () => {
    const account = await documentsAccount(null);
    const id = await newProject(account.client, "Papers");
    for (let index = 0; index < PROJECT_LIMITS.free.files; index++) {
      const uploaded = await uploadToProject(account.client, id, makePdf([`Paper ${index}.`]), `paper-${index}.pdf`);
      expect(uploaded.status).toBe(201);
    }
    const refused = await uploadToProject(account.client, id, makePdf(["One too many."]), "extra.pdf");
    expect(refused).toMatchObject({ status: 413, json: { error: { code: "project/files-limit", message: expect.stringContaining("20 on Free") } } });
    const rows = await projectRows(account.user.id);
    expect(rows.files).toHaveLength(20);
    const page = await projectPage(account.client, id);
    expect(page.screen!.files.map((file) => file.name)).not.toContain("extra.pdf");
  });
});

describe("projects: chats move in and out", { timeout: 60_000 }, () => {
  it("a new chat started in a project is in it and not in the history; an old chat moves in and back out with its messages", async () => {
    const account = await documentsAccount(null);
    const { client } = account;
    const id = await newProject(client, "Dissertation");
    const started = await askInProject(client, "Outline chapter one.", { projectId: id });
    expect(started.status).toBe(200);
    const old = await sendTurn(client, { message: "An old question about sourdough." });
    expect(await historyIds(client)).toEqual([old.threadId]);

    expect((await moveChat(client, old.threadId!, id)).status).toBe(200);
    expect(await historyIds(client)).toEqual([]);
    const page = await projectPage(client, id);
    expect(page.screen!.chats.map((chat) => chat.id).sort()).toEqual([started.threadId, old.threadId].sort());
    expect(page.screen!.project.chats).toBe(2);
    // The moved chat keeps its messages, and continues in the project.
    const followUp = await askInProject(client, "And rye?", { threadId: old.threadId! });
    expect(followUp.status).toBe(200);
    const thread = await client.loaderData(`/web-main/${old.threadId}`, "routes/_main.web-main.($threadId)");
    expect((thread.data!.messages as unknown[]).length).toBe(4);
    expect(thread.data!.project).toMatchObject({ id, name: "Dissertation" });

    expect((await moveChat(client, old.threadId!, "")).status).toBe(200);
    expect(await historyIds(client)).toEqual([old.threadId]);
  });

  it("moving a chat into another account's project is 404, and so is moving another account's chat", async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const theirs = await newProject(owner.client, "Theirs");
    const mine = await newProject(stranger.client, "Mine");
    const chat = await sendTurn(stranger.client, { message: "Hello there" });
    expect(await moveChat(stranger.client, chat.threadId!, theirs)).toMatchObject({ status: 404, json: { error: { code: "project/not-found" } } });
    const ownersChat = await sendTurn(owner.client, { message: "Owner's chat" });
    expect(await moveChat(stranger.client, ownersChat.threadId!, mine)).toMatchObject({ status: 404, json: { error: { code: "chat/not-found" } } });
    expect((await projectRows(owner.user.id)).chats).toEqual([]);
    expect((await projectRows(stranger.user.id)).chats).toEqual([]);
  });

  it("search finds a project's chats by the project's name, in any case", async () => {
    const { client } = await signedInClient();
    const id = await newProject(client, "Çatı Tadilatı");
    const chat = await askInProject(client, "Which tiles last longest?", { projectId: id });
    const other = await sendTurn(client, { message: "Unrelated question about tea" });
    expect(await searchIds(client, "çatı")).toEqual([chat.threadId]);
    expect(await searchIds(client, "tiles")).toEqual([chat.threadId]);
    expect(await searchIds(client, "tea")).toEqual([other.threadId]);
  });

  it("a chat's document can be added to its project and then serves the project's other chats", async () => {
    const account = await documentsAccount("system");
    const id = await newProject(account.client, "Garden");
    const upload = await uploadToProject(account.client, id, makePdf(numberedPages(3, { 2: "Plant tulips in October." })), "bulbs.pdf");
    expect(upload.status).toBe(201);
    // A document attached in a chat of the project is added to the project.
    const attached = await uploadAndRead(account, makePdf(numberedPages(3, { 3: "Water roses at dawn." })), "roses.pdf", "application/pdf");
    const chat = await askInProject(account.client, "Hello", { projectId: id });
    const withDocument = await ask(account.client, "When to water roses?", { attachmentId: attached.id, threadId: chat.threadId! });
    expect(withDocument.status).toBe(200);
    const before = await account.client.loaderData(`/web-main/${chat.threadId}`, "routes/_main.web-main.($threadId)");
    expect((before.data!.project as { fileIds: string[] }).fileIds).not.toContain(attached.id);
    expect((await projectAction(account.client, id, { intent: "add-file", documentId: attached.id })).status).toBe(200);
    // The chat's page now counts it among the project's files (its "Add to project" goes).
    const after = await account.client.loaderData(`/web-main/${chat.threadId}`, "routes/_main.web-main.($threadId)");
    expect((after.data!.project as { fileIds: string[] }).fileIds).toContain(attached.id);
    const other = await askInProject(account.client, "When should I water the roses?", { projectId: id });
    expect(other.streamed).toContain("[roses.pdf, p. 3]");
    // Another account cannot add its document to it, nor this document to its own project.
    const stranger = await signedInClient();
    const theirs = await newProject(stranger.client, "Theirs");
    expect((await projectAction(stranger.client, theirs, { intent: "add-file", documentId: attached.id })).status).toBe(404);
  });
});
