// A client that goes away mid-answer (closed tab, lost network): the answer is still generated and saved in full,
// and the relay handles the gone reader (drops it) instead of leaving an uncaught "Network connection lost" in the
// worker log. The drop is what shows the disconnect was handled: before, the relay never heard of it and kept
// writing to the dead stream until the answer ended, while the runtime's own pump failed unhandled.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { accountObject } from "../../app/.server/account/client";
import { expectedAnswer } from "../mocks/fake-openai-replies.mjs";
import { credits, FAST_MODEL, guest, guestIdOf, messageRow, runnerOf, upstreamEnv, type Client } from "./chat-helpers";

const UPSTREAM = "normal?n=60&ms=5";

async function postTurn(client: Client, question: string) {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model: FAST_MODEL, message: question, mode: "send" }),
  });
  expect(response.status).toBe(200);
  return { response, threadId: response.headers.get("X-Thread-Id")!, messageId: response.headers.get("X-Message-Id")! };
}

/** Inside the account's relay: waits until the upstream has sent everything, then counts the answer's readers. */
async function readersOnceGenerated(ownerId: string, messageId: string): Promise<number | null> {
  const relay = accountObject(upstreamEnv(UPSTREAM), ownerId);
  return runInDurableObject(relay, async (instance) => {
    // The readers the answer still had when its call ended (its final event goes to them).
    const ended = await runnerOf(instance).until(messageId, (state) => state.name === "ended");
    return ended?.name === "ended" ? ended.readers.length : null;
  });
}

async function settledRow(ownerId: string, messageId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const row = await messageRow(ownerId, messageId);
    if (row && row.status !== "streaming") return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return messageRow(ownerId, messageId);
}

describe("a client that goes away mid-answer", { timeout: 30_000 }, () => {
  it("is dropped by the relay while the answer is still completed and saved in full", async () => {
    const client = guest(UPSTREAM);
    const question = "Tell me a long story and I will leave halfway";
    const { response, messageId } = await postTurn(client, question);
    // Read the snapshot and a first piece, then drop the connection.
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();

    // The relay noticed: by the end of the answer no reader is left (before, the gone one stayed until the end).
    expect(await readersOnceGenerated(guestIdOf(client), messageId)).toBe(0);
    const row = await settledRow(guestIdOf(client), messageId);
    expect(row).toMatchObject({ role: "assistant", status: "complete", errorCode: null, content: expectedAnswer(UPSTREAM, question) });
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("handles a client gone before it read anything, and a later reader still gets the whole answer", async () => {
    const client = guest(UPSTREAM);
    const question = "Gone before the first byte";
    const { response, messageId } = await postTurn(client, question);
    await response.body!.cancel();

    expect(await readersOnceGenerated(guestIdOf(client), messageId)).toBe(0);
    const joined = await client.fetch(`/api/chat/${messageId}/stream`);
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain(`"type":"done","status":"complete"`);
    expect(await settledRow(guestIdOf(client), messageId)).toMatchObject({ status: "complete", content: expectedAnswer(UPSTREAM, question) });
  });
});
