// One call to the account's object where one suffices (docs/decisions/0026-account-object.md): the thread page (a web
// search's with its deep research), a thread's deletion, joining or stopping an answer and a launched turn's cancel each
// make one RPC call to the asking account's object, after the one that says who is asking (auth.whoIs, which replaced a
// D1 read: decision 0039). The calls are counted at the ACCOUNT binding the worker is given
// (tests/mocks/account-call-counter.ts).
import { describe, expect, it } from "vitest";
import { getBalance } from "../../app/.server/credits";
import { loadConfig, type AppEnv } from "../../app/.server/env";
import { countingAccounts, type AccountCall } from "../mocks/account-call-counter";
import { endSessionsOf, signedInClient } from "./auth-helpers";
import { accountThreads, messageRow, readEvents, sendTurn, storeMessages, storeThread, threadRow, upstreamEnv, type Client } from "./chat-helpers";

/** The same browser against a worker whose ACCOUNT binding records each call into `calls`. */
function counted(client: Client): { client: Client; calls: AccountCall[] } {
  const calls: AccountCall[] = [];
  const env = { ...client.env, ACCOUNT: countingAccounts(client.env.ACCOUNT, calls) } as AppEnv;
  return { client: client.withEnv(env), calls };
}

/** What was asked of `account`'s object, in order. */
const callsTo = (calls: AccountCall[], account: string) => calls.filter((call) => call.account === account).map((call) => call.call);

async function userWithThread() {
  const { client: signedIn, user } = await signedInClient();
  const client = signedIn.withEnv(upstreamEnv("normal"));
  const turn = await sendTurn(client, { message: "A question worth keeping" });
  expect(turn.done).toMatchObject({ status: "complete" });
  return { client, user, threadId: turn.threadId!, messageId: turn.messageId! };
}

describe("calls to the account's object per request", { timeout: 30_000 }, () => {
  it("the chat thread page reads its thread, memory notes and documents in one call", async () => {
    const { client: plain, user, threadId } = await userWithThread();
    const { client, calls } = counted(plain);
    const page = await client.loaderData(`/web-main/${threadId}`, "routes/_main.web-main.($threadId)");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ thread: { id: threadId }, missingThread: false, documents: {} });
    expect((page.data!.messages as { role: string }[]).map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "chat.screen"]);
  });

  // A web-search thread also shows the deep research that runs in it (decision 0043): it travels with the thread's screen.
  it("a tool's thread page (a web search) reads its thread and its research in one call", async () => {
    const { client: plain, user } = await signedInClient();
    const started = await plain.fetch("/api/research", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question: "How do heat pumps compare with gas boilers?", plan: ["Running costs", "Installation", "Lifetime"] }),
    });
    expect(started.status).toBe(201);
    const { research } = (await started.json()) as { research: { id: string; threadId: string } };
    const { client, calls } = counted(plain);
    const page = await client.loaderData(`/web-search/${research.threadId}`, "routes/_main.web-search.($threadId)");
    expect(page.data).toMatchObject({ thread: { id: research.threadId }, missingThread: false, research: { id: research.id, threadId: research.threadId } });
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "chat.screen"]);

    // A web-search thread without a research: the same one call, and no research panel.
    const threadId = crypto.randomUUID();
    await storeThread(user.id, { id: threadId, title: "Searched", tool: "web-search", createdAt: Date.now(), updatedAt: Date.now() });
    calls.length = 0;
    const searched = await client.loaderData(`/web-search/${threadId}`, "routes/_main.web-search.($threadId)");
    expect(searched.data).toMatchObject({ thread: { id: threadId, title: "Searched" }, missingThread: false, research: null });
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "chat.screen"]);
  });

  it("deleting a thread is one call, and the thread is gone", async () => {
    const { client: plain, user, threadId } = await userWithThread();
    const { client, calls } = counted(plain);
    const deleted = await client.fetch(`/api/threads/${threadId}`, { method: "POST", body: new URLSearchParams({ intent: "delete" }) });
    expect(await deleted.json()).toEqual({ ok: true });
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "chat.delete"]);
    expect(await threadRow(user.id, threadId)).toBeUndefined();
  });

  it("joining a finished answer is one call, and so is ending one its object no longer holds", async () => {
    const { client: plain, user, threadId, messageId } = await userWithThread();
    const { client, calls } = counted(plain);
    const finished = await readEvents(await client.fetch(`/api/chat/${messageId}/stream`));
    expect(finished.at(-1)).toMatchObject({ type: "done", status: "complete" });
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "joinAnswer"]);

    // An answer still marked streaming that no relay holds (lost to an eviction): ended as interrupted, in the same call.
    const lostId = crypto.randomUUID();
    await storeMessages(user.id, threadId, [
      { id: lostId, role: "assistant", content: "Half an", status: "streaming", createdAt: Date.now(), updatedAt: Date.now() },
    ]);
    calls.length = 0;
    const lost = await readEvents(await client.fetch(`/api/chat/${lostId}/stream`));
    expect(lost.at(-1)).toMatchObject({ type: "done", status: "failed", errorCode: "chat/interrupted", text: "Half an" });
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "joinAnswer"]);
    expect(await messageRow(user.id, lostId)).toMatchObject({ status: "failed", errorCode: "chat/interrupted" });
  });

  it("stopping an answer being generated is one call, and it ends stopped", async () => {
    const { client: signedIn, user } = await signedInClient();
    const plain = signedIn.withEnv(upstreamEnv("normal?n=3&ms=2000"));
    const response = await plain.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", mode: "send", message: "Stop before anything comes" }),
    });
    const messageId = response.headers.get("X-Message-Id")!;
    const { client, calls } = counted(plain);
    expect(await (await client.fetch(`/api/chat/${messageId}/stop`, { method: "POST" })).json()).toEqual({ ok: true });
    expect(callsTo(calls, user.id)).toEqual(["auth.whoIs", "stopAnswer"]);
    expect((await readEvents(response)).at(-1)).toMatchObject({ type: "done", status: "stopped" });
  });

  it("a turn launched for an account whose session has ended is cancelled, charge given back, in one call", async () => {
    const { client: signedIn, user } = await signedInClient();
    const plain = signedIn.withEnv(upstreamEnv("normal?n=2&ms=1", { CREDITS_FREE_DAILY: "5" }));
    // The first turn lets this isolate remember whose the session is (its owner hint, decision 0009).
    expect(await sendTurn(plain, { message: "First question" })).toMatchObject({ status: 200 });
    await endSessionsOf(user.id);

    const { client, calls } = counted(plain);
    const after = await sendTurn(client, { message: "Second question" });
    expect(after.status).toBe(200);
    // Launched on the hint, then dropped in the account's object with its charge: the turn went to the visitor.
    expect(callsTo(calls, user.id)).toEqual(["beginTurn", "auth.whoIs", "cancelLaunch"]);
    expect(await accountThreads(user.id)).toHaveLength(1);
    // Exact credits: the account paid for its first turn only.
    expect(await getBalance(plain.env, loadConfig(plain.env), { accountId: user.id, plan: "free" })).toMatchObject({ used: 1 });
  });
});
