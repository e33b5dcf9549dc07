// A thread and its messages live in their account's own object (decision 0026): every request that names another
// account's thread or message reaches only the asker's own object, where it is not, so it is a 404 and the owner's
// object is never even written to (SECURITY.md "Data of others").
import { runInDurableObject } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appEnv } from "./helpers";
import { inAccountDb } from "./account-helpers";
import { signedInClient } from "./auth-helpers";
import { accountThreads, sendTurn, threadMessages, upstreamEnv, type Client } from "./chat-helpers";
import { extractionDone } from "./memory-helpers";

/** How many rows the owner's object has changed since it started (SQLite's count, for its one connection). */
function writesSoFar(accountId: string): Promise<number> {
  const stub = appEnv.ACCOUNT.get(appEnv.ACCOUNT.idFromName(accountId));
  return runInDurableObject(stub, async (_instance, state) => {
    // A finished answer's bookkeeping ("active:<id>") is dropped just after its last event: wait for it to settle.
    while ((await state.storage.list({ prefix: "active:" })).size > 0) await state.storage.sync();
    return state.storage.sql.exec<{ changes: number }>("SELECT total_changes() AS changes").one().changes;
  });
}

const post = (client: Client, path: string, fields: Record<string, string>) => client.fetch(path, { method: "POST", body: new URLSearchParams(fields) });
const postJson = (client: Client, path: string, body: unknown) =>
  client.fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("another account's thread id", { timeout: 30_000 }, () => {
  it("is a 404 for every thread and message request, and the owner's object is never written", async () => {
    const owner = await signedInClient();
    const ownerClient = owner.client.withEnv(upstreamEnv("normal"));
    const turn = await sendTurn(ownerClient, { message: "Owner's private question" });
    expect(turn.done).toMatchObject({ status: "complete" });
    const threadId = turn.threadId!;
    const messageId = turn.messageId!;
    // The owner's own memory extraction (decision 0027) writes the answer's note once its queue job has run: let it.
    await extractionDone(owner.user.id, messageId);
    const before = await threadMessages(owner.user.id, threadId);
    const writesBefore = await writesSoFar(owner.user.id);
    // The count sees the owner's own turn (its thread, question, answer and their search rows).
    expect(writesBefore).toBeGreaterThan(0);

    const stranger = await signedInClient();
    const client = stranger.client.withEnv(upstreamEnv("normal"));
    const attempts: [string, () => Promise<Response>][] = [
      ["rename", () => post(client, `/api/threads/${threadId}`, { intent: "rename", title: "Mine now" })],
      ["star", () => post(client, `/api/threads/${threadId}`, { intent: "star", starred: "true" })],
      ["delete", () => post(client, `/api/threads/${threadId}`, { intent: "delete" })],
      ["rate", () => post(client, `/api/chat/${messageId}/feedback`, { feedback: "dislike" })],
      ["stop", () => post(client, `/api/chat/${messageId}/stop`, {})],
      ["join", () => client.fetch(`/api/chat/${messageId}/stream`)],
      ["export", () => client.fetch(`/api/threads/${threadId}/export?format=md`)],
      ["share", () => post(client, `/api/threads/${threadId}/share`, { intent: "share" })],
      ["read the link", () => client.fetch(`/api/threads/${threadId}/share`)],
      ["read aloud", () => postJson(client, "/api/speech", { messageId })],
      ["continue", () => postJson(client, "/api/chat", { requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", threadId, message: "Let me in" })],
      ["regenerate", () => postJson(client, "/api/chat", { requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "regenerate", threadId })],
      ["voice note", () => client.fetch(`/media/voice-notes/${messageId}`)],
    ];
    for (const [name, attempt] of attempts) {
      const response = await attempt();
      expect(response.status, name).toBe(404);
      await response.body?.cancel();
    }

    // The owner's object: not one row changed, not one write made.
    expect(await writesSoFar(owner.user.id)).toBe(writesBefore);
    expect(await threadMessages(owner.user.id, threadId)).toEqual(before);
    // The stranger's own object holds nothing of it (its refused turns left no thread either).
    expect(await accountThreads(stranger.user.id)).toEqual([]);
    expect(await inAccountDb(stranger.user.id, (own) => own.all(sql`SELECT * FROM chat_search`))).toEqual([]);
  });
});
