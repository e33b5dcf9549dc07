// Deleting a project (decision 0038-projects) asks what becomes of its chats: deleted with it, or moved to the
// history. Its files go, except one a chat attached. A project deleted while one of its chats' answers is being written
// ends that answer cleanly (stopped), leaving no thread, message or note behind.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { FAST_MODEL, runnerOf, sendTurn, upstreamEnv } from "./chat-helpers";
import { documentRows } from "./documents-helpers";
import { appEnv } from "./helpers";
import {
  accountSchema,
  addReadFile,
  askInProject,
  documentsAccount,
  historyIds,
  inAccountDb,
  moveChat,
  newProject,
  projectAction,
  projectRows,
} from "./projects-helpers";

describe("deleting a project", { timeout: 60_000 }, () => {
  it("keeping its chats moves them to the history with their messages; its own files are deleted", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Trip");
    const fileId = await addReadFile(account, projectId, makePdf(numberedPages(2)), "itinerary.pdf");
    const chat = await askInProject(account.client, "Plan day one.", { projectId });
    expect(await historyIds(account.client)).toEqual([]);
    expect(await projectAction(account.client, projectId, { intent: "delete", chats: "keep" })).toMatchObject({ status: 200, json: { deletedChats: 0 } });
    expect(await historyIds(account.client)).toEqual([chat.threadId]);
    expect(await projectRows(account.user.id)).toEqual({ projects: [], chats: [], files: [] });
    expect((await documentRows(account.user.id)).map((row) => row.id)).not.toContain(fileId);
    expect(await appEnv.MEDIA.head(`documents/${account.user.id}/${fileId}.pdf`)).toBeNull();
    const messages = await inAccountDb(account.user.id, (db) => db.select().from(accountSchema.chatMessages).all());
    expect(messages).toHaveLength(2);
  });

  it("deleting its chats deletes them and nothing else; without a choice it is a field error and nothing goes", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Trip");
    const inside = await askInProject(account.client, "Plan day one.", { projectId });
    const outside = await sendTurn(account.client, { message: "Another chat" });
    const moved = await sendTurn(account.client, { message: "A chat moved in" });
    await moveChat(account.client, moved.threadId!, projectId);
    const refused = await projectAction(account.client, projectId, { intent: "delete" });
    expect(refused).toMatchObject({ status: 400, json: { error: { fieldErrors: { chats: "Choose what happens to the chats." } } } });
    expect((await projectRows(account.user.id)).projects).toHaveLength(1);

    expect(await projectAction(account.client, projectId, { intent: "delete", chats: "delete" })).toMatchObject({ status: 200, json: { deletedChats: 2 } });
    const threads = await inAccountDb(account.user.id, (db) => db.select({ id: accountSchema.chatThreads.id }).from(accountSchema.chatThreads).all());
    expect(threads.map((row) => row.id)).toEqual([outside.threadId]);
    expect(inside.threadId).not.toBe(outside.threadId);
    expect(await projectRows(account.user.id)).toEqual({ projects: [], chats: [], files: [] });
  });

  it("deleted with its chats while an answer in one streams: the answer ends stopped and nothing of the chat is left", async () => {
    const account = await documentsAccount(null);
    const projectId = await newProject(account.client, "Trip");
    const client = account.client.withEnv(upstreamEnv("normal?n=200&ms=40"));
    const response = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: FAST_MODEL, message: "Tell me a very long story.", mode: "send", projectId }),
    });
    expect(response.status).toBe(200);
    const messageId = response.headers.get("X-Message-Id")!;
    const reader = response.body!.getReader();
    await reader.read();

    expect((await projectAction(account.client, projectId, { intent: "delete", chats: "delete" })).status).toBe(200);
    const relay = appEnv.ACCOUNT.get(appEnv.ACCOUNT.idFromName(account.user.id));
    expect(await runInDurableObject(relay, (instance) => runnerOf(instance).until(messageId, (state) => state.name === "ended"))).toBeTruthy();
    let events = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      events += new TextDecoder().decode(value);
    }
    expect(events).toContain('"status":"stopped"');
    expect(events).not.toContain('"status":"complete"');
    const { chatThreads, chatMessages, memoryNotes } = accountSchema;
    expect(
      await inAccountDb(account.user.id, (db) => [
        db.select().from(chatThreads).all(),
        db.select().from(chatMessages).all(),
        db.select().from(memoryNotes).all(),
      ]),
    ).toEqual([[], [], []]);
  });

  it("another account's project id is 404 and deletes nothing", async () => {
    const owner = await documentsAccount(null);
    const stranger = await documentsAccount(null);
    const projectId = await newProject(owner.client, "Mine");
    await askInProject(owner.client, "Hello", { projectId });
    expect((await projectAction(stranger.client, projectId, { intent: "delete", chats: "delete" })).status).toBe(404);
    expect((await projectRows(owner.user.id)).chats).toHaveLength(1);
  });
});
