// Who may read and use what in a chat turn (hardening issue, items 2 and 4): every turn goes through the one
// model-access check, including a tool's own model (web search's gpt-4.1 is a Pro model), and a request id belongs
// to the account that used it: another account replaying it gets a fresh answer of its own, never the stored one.
import { describe, expect, it } from "vitest";
import { createUser } from "./auth-helpers";
import { Client, guest, guestIdOf, messageRow, sendTurn, threadMessages, threadRow, turnResult, upstreamEnv } from "./chat-helpers";

async function signedIn(accessLevel: "basic" | "pro", upstreamModel = "normal") {
  const user = await createUser({ accessLevel });
  const client = new Client(undefined, upstreamEnv(upstreamModel));
  const result = await client.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
  if (!result.redirect) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  return { client, user };
}

async function search(client: Client) {
  const response = await client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      requestId: crypto.randomUUID(),
      model: "gpt-4o",
      mode: "send",
      tool: "web-search",
      input: { subject: "Ada Lovelace", category: "education" },
    }),
  });
  return turnResult(response);
}

describe("one model-access check for every turn", { timeout: 30_000 }, () => {
  it("answers a visitor's and a Free account's web search with the fast model, a Pro account's with gpt-4.1", async () => {
    const visitorClient = guest("normal");
    const visitor = await search(visitorClient);
    expect(visitor.status).toBe(200);
    expect(await messageRow(guestIdOf(visitorClient), visitor.messageId!)).toMatchObject({ model: "gpt-4o-mini", status: "complete" });

    const freeAccount = await signedIn("basic");
    const free = await search(freeAccount.client);
    expect(free.status).toBe(200);
    expect(await messageRow(freeAccount.user.id, free.messageId!)).toMatchObject({ model: "gpt-4o-mini", status: "complete" });

    const proAccount = await signedIn("pro");
    const pro = await search(proAccount.client);
    expect(pro.status).toBe(200);
    expect(await messageRow(proAccount.user.id, pro.messageId!)).toMatchObject({ model: "gpt-4.1", status: "complete" });
  });

  it("refuses a Pro model the person picked when the plan does not allow it, charging nothing", async () => {
    const { client } = await signedIn("basic");
    const refused = await sendTurn(client, { message: "hi", model: "gpt-4o" });
    expect(refused).toMatchObject({ status: 402, error: { code: "plan/pro-required" } });
    const used = (await (await client.fetch("/api/credits")).json()) as { used: number };
    expect(used.used).toBe(0);
  });
});

describe("a request id belongs to its owner", { timeout: 30_000 }, () => {
  it("another account replaying someone's request id gets its own answer, never theirs", async () => {
    const alice = await signedIn("basic");
    const mallory = await signedIn("basic");
    const requestId = crypto.randomUUID();
    const first = await sendTurn(alice.client, { requestId, message: "alice private question" });
    expect(first.status).toBe(200);

    // Twice, so the second is a replay Mallory's own counter has seen: it must join Mallory's answer.
    const taken = await sendTurn(mallory.client, { requestId, message: "mallory question" });
    const replay = await sendTurn(mallory.client, { requestId, message: "mallory question" });
    for (const turn of [taken, replay]) {
      expect(turn.status).toBe(200);
      expect(turn.threadId).not.toBe(first.threadId);
      expect(turn.messageId).not.toBe(first.messageId);
      expect(turn.streamed).not.toContain("alice");
    }
    expect(replay.threadId).toBe(taken.threadId);
    const thread = await threadRow(mallory.user.id, replay.threadId!);
    expect(thread?.ownerId).toBe(mallory.user.id);
    // Alice's thread is untouched: her question and her answer only.
    const alicesThread = await threadMessages(alice.user.id, first.threadId!);
    expect(alicesThread.map((row) => row.role)).toEqual(["user", "assistant"]);
    expect(alicesThread[0]!.content).toBe("alice private question");
    expect(alicesThread[1]!.content).not.toContain("mallory");
  });
});
