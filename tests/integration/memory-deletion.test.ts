// Memory that was deleted stays deleted (decision 0027, SECURITY.md "Memory"): an extraction queued before "Delete all
// memories" (or before memory was switched off) and delivered after it keeps nothing, one queued after still saves; a
// proposal to change a memory deleted meanwhile changes nothing; deleting a thread deletes its notes, and deleting a
// memory leaves no note under an answer showing its text.
import { describe, expect, it } from "vitest";
import { inAccount } from "../../app/.server/account/client";
import type { AppEnv } from "../../app/.server/env";
import { runMemoryJob, saveOffered, type MemoryJob } from "../../app/.server/memory/jobs";
import { accountMessages, sendTurn } from "./chat-helpers";
import { appEnv } from "./helpers";
import { pngFile, upload } from "./images-helpers";
import { accountSchema, extractionDone, inAccountDb, memoriesOf, memoryAccount, memoryAction, noteOf, seedMemories } from "./memory-helpers";
import type { Client } from "./auth-helpers";

/** The app's env with a memory-jobs queue that holds what is sent, so the test delivers each job when it chooses. */
function holdingQueue() {
  const held: MemoryJob[] = [];
  const env = { ...appEnv, MEMORY_JOBS: { send: async (job: MemoryJob) => void held.push(job) } } as unknown as AppEnv;
  return { env, held };
}

/** A photo turn offers "Save to memory?"; pressing it queues the person's words (the demo provider learns "Lives in …"). */
async function offeredAnswer(client: Client, accountId: string, city: string) {
  const photo = await upload(client, await pngFile());
  const turn = await sendTurn(client, { message: `I live in ${city}. Describe this photo`, attachmentId: photo.json.id! });
  expect(turn.done?.memory).toMatchObject({ offer: true });
  return { accountId, messageId: turn.messageId!, threadId: turn.threadId! };
}

async function notesOfThread(accountId: string, threadId: string) {
  const { memoryNotes } = accountSchema;
  return inAccountDb(accountId, (db) =>
    db
      .select()
      .from(memoryNotes)
      .all()
      .filter((row) => row.threadId === threadId),
  );
}

describe("deleted memory stays deleted", { timeout: 30_000 }, () => {
  it("a job queued before 'Delete all memories' keeps nothing when delivered after it; one queued after still saves", async () => {
    const { client, user } = await memoryAccount();
    const queue = holdingQueue();
    const before = await offeredAnswer(client, user.id, "Bursa");
    await saveOffered(queue.env, user.id, before.messageId);
    expect(await memoryAction(client, "/api/memory", { intent: "delete-all" })).toMatchObject({ status: 200 });

    expect(await runMemoryJob(appEnv, queue.held[0]!)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
    expect(await noteOf(user.id, before.messageId)).toMatchObject({ updated: "[]", pending: false });

    const after = await offeredAnswer(client, user.id, "Ankara");
    await saveOffered(queue.env, user.id, after.messageId);
    expect(await runMemoryJob(appEnv, queue.held[1]!)).toBe("done");
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Lives in Ankara"]);

    // An ordinary turn after the deletion learns through the real queue as before.
    const told = await sendTurn(client, { message: "I live in İzmir." });
    await extractionDone(user.id, told.messageId!);
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Lives in İzmir"]);
  });

  it("a job queued before memory was switched off keeps nothing, even when memory is on again by the time it runs", async () => {
    const { client, user } = await memoryAccount();
    const queue = holdingQueue();
    const before = await offeredAnswer(client, user.id, "Bursa");
    await saveOffered(queue.env, user.id, before.messageId);
    expect((await memoryAction(client, "/api/memory", { intent: "enabled", enabled: "false" })).status).toBe(200);
    expect((await memoryAction(client, "/api/memory", { intent: "enabled", enabled: "true" })).status).toBe(200);
    expect(await runMemoryJob(appEnv, queue.held[0]!)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
  });

  it("a proposal to change a memory deleted while its job ran changes nothing and re-creates nothing", async () => {
    const { client, user } = await memoryAccount();
    await seedMemories(user.id, ["Lives in İzmir"]);
    const [izmir] = await memoriesOf(user.id);
    expect(await memoryAction(client, `/api/memory/${izmir!.id}`, { intent: "delete" })).toMatchObject({ status: 200 });
    // The job's end as runMemoryJob sends it: it was shown the memory before the person deleted it.
    const turn = await sendTurn(client, { message: "Hello there." });
    await extractionDone(user.id, turn.messageId!);
    const messageId = turn.messageId!;
    const kept = await inAccount(appEnv, user.id, "memory.apply", {
      messageId,
      threadId: turn.threadId!,
      question: "Artık ben Ankara'da yaşıyorum.",
      proposals: [{ text: "Ankara'da yaşıyor", replaces: izmir!.id }],
      shown: [izmir!.id],
    });
    expect(kept).toEqual([]);
    expect(await memoriesOf(user.id)).toEqual([]);
    expect(await noteOf(user.id, messageId)).toMatchObject({ updated: "[]", pending: false });
  });

  it("a job queued before its chat was deleted (or all chats) keeps nothing from that chat", async () => {
    const { client, user } = await memoryAccount();
    const queue = holdingQueue();
    const one = await offeredAnswer(client, user.id, "Bursa");
    await saveOffered(queue.env, user.id, one.messageId);
    expect((await client.action(`/api/threads/${one.threadId}`, { intent: "delete" })).status).toBe(200);
    expect(await runMemoryJob(appEnv, queue.held[0]!)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);

    const all = await offeredAnswer(client, user.id, "Ankara");
    await saveOffered(queue.env, user.id, all.messageId);
    expect((await client.action("/settings/account", { intent: "delete-chats" })).data).toMatchObject({ ok: true });
    expect(await runMemoryJob(appEnv, queue.held[1]!)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
    // Nothing is left under a message that is gone.
    expect(await noteOf(user.id, all.messageId)).toBeFalsy();
  });

  it("deleting a thread, or all chats, deletes the notes under its answers", async () => {
    const { client, user } = await memoryAccount();
    const first = await sendTurn(client, { message: "I live in İzmir." });
    await extractionDone(user.id, first.messageId!);
    const second = await sendTurn(client, { message: "I live in Ankara." });
    await extractionDone(user.id, second.messageId!);
    expect(await notesOfThread(user.id, first.threadId!)).toHaveLength(1);

    expect((await client.action(`/api/threads/${first.threadId}`, { intent: "delete" })).status).toBe(200);
    expect(await notesOfThread(user.id, first.threadId!)).toEqual([]);
    expect(await notesOfThread(user.id, second.threadId!)).toHaveLength(1);

    expect((await client.action("/settings/account", { intent: "delete-chats" })).data).toMatchObject({ ok: true });
    expect(await accountMessages(user.id)).toEqual([]);
    expect(await notesOfThread(user.id, second.threadId!)).toEqual([]);
  });

  it("deleting a memory, or all of them, leaves no note under an answer showing its text", async () => {
    const { client, user } = await memoryAccount();
    const told = await sendTurn(client, { message: "I live in İzmir." });
    await extractionDone(user.id, told.messageId!);
    await seedMemories(user.id, ["Is vegetarian"]);
    const used = await sendTurn(client, { message: "What should I cook tonight?" });
    expect(used.done?.memory?.used.map((memory) => memory.text).sort()).toEqual(["Is vegetarian", "Lives in İzmir"]);
    const izmir = (await memoriesOf(user.id)).find((row) => row.text === "Lives in İzmir")!;

    expect(await memoryAction(client, `/api/memory/${izmir.id}`, { intent: "delete" })).toMatchObject({ status: 200 });
    const shows = async (messageId: string) => {
      const answer = await client.fetch(`/api/memory/notes/${messageId}`);
      return answer.status === 404 ? "" : JSON.stringify(await answer.json());
    };
    expect(await shows(told.messageId!)).not.toContain("İzmir");
    expect(await shows(used.messageId!)).not.toContain("İzmir");
    expect(await shows(used.messageId!)).toContain("Is vegetarian");
    expect(JSON.stringify(await inAccountDb(user.id, (db) => db.select().from(accountSchema.memoryNotes).all()))).not.toContain("İzmir");

    expect(await memoryAction(client, "/api/memory", { intent: "delete-all" })).toMatchObject({ status: 200 });
    expect(await shows(used.messageId!)).not.toContain("vegetarian");
    expect(JSON.stringify(await inAccountDb(user.id, (db) => db.select().from(accountSchema.memoryNotes).all()))).not.toContain("vegetarian");
  });
});
