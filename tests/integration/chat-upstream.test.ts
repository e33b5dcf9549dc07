// A chat turn through the whole app (worker -> Remix route -> startTurn -> CreditsCounter -> ChatRelay -> the real
// `openai` SDK) against the fake OpenAI-compatible server (tests/mocks/fake-openai.mjs), for each way an upstream
// can behave: the saved answer (content, status, error code) and the guest's credit balance must be right.
import { describe, expect, it } from "vitest";
import { expectedAnswer, expectedPartial, answerTokens, XSS_MARKUP } from "../mocks/fake-openai-replies.mjs";
import {
  credits,
  guest,
  guestIdOf,
  joinAnswer,
  messageRow,
  seenText,
  sendTurn,
  threadMessages,
  turnResult,
  upstreamEnv,
  type TurnResult,
} from "./chat-helpers";

const GUEST_DAILY = 5;

/** Every started turn streams: a snapshot first, deltas, and one final "done" event last. */
function expectWellFormed(turn: TurnResult) {
  expect(turn.status).toBe(200);
  expect(turn.threadId).toBeTruthy();
  expect(turn.messageId).toBeTruthy();
  expect(turn.events[0]?.type).toBe("snapshot");
  expect(turn.events.at(-1)?.type).toBe("done");
  expect(turn.events.filter((event) => event.type === "done")).toHaveLength(1);
}

// Each turn is a real stream over the network; on a busy 2-core machine some take more than vitest's default 5 s.
describe("chat turns against a fake OpenAI-compatible upstream", { timeout: 30_000 }, () => {
  it("streams a normal answer chunk by chunk, saves it complete and charges one credit", async () => {
    const client = guest("normal");
    const question = "What is the capital of Portugal";
    const turn = await sendTurn(client, { message: question });

    expectWellFormed(turn);
    // The opening snapshot holds what the relay had before this reader attached; after it, each upstream chunk
    // is forwarded as its own event, in order, nothing merged or held back.
    const tokens = answerTokens(question);
    const deltas = turn.events.filter((event) => event.type === "delta").map((event) => event.text);
    expect(deltas.length).toBeGreaterThan(0);
    expect(turn.events[0]!.text).toBe(tokens.slice(0, tokens.length - deltas.length).join(""));
    expect(deltas).toEqual(tokens.slice(tokens.length - deltas.length));
    expect(turn.streamed).toBe(expectedAnswer("normal", question));
    expect(turn.done).toMatchObject({ status: "complete", errorCode: null, text: expectedAnswer("normal", question) });

    const row = await messageRow(guestIdOf(client), turn.messageId!);
    expect(row).toMatchObject({ role: "assistant", model: "gpt-4o-mini", status: "complete", errorCode: null, content: expectedAnswer("normal", question) });
    const messages = await threadMessages(guestIdOf(client), turn.threadId!);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ["user", question],
      ["assistant", expectedAnswer("normal", question)],
    ]);
    expect(await credits(client)).toMatchObject({ plan: "guest", used: 1, limit: GUEST_DAILY, remaining: GUEST_DAILY - 1 });

    // Reopening the finished answer gets it as stored.
    const joined = await joinAnswer(client, turn.messageId!);
    expect(joined.status).toBe(200);
    expect(joined.events.at(-1)).toMatchObject({ type: "done", status: "complete", text: expectedAnswer("normal", question) });
  });

  it("keeps generating and saving when the reader goes away, and a later reader joins to the end", async () => {
    const client = guest("normal?n=60&ms=5");
    const question = "Tell me a long story";
    const response = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", message: question, mode: "send" }),
    });
    expect(response.status).toBe(200);
    const messageId = response.headers.get("X-Message-Id")!;
    // Read the first bytes (the snapshot), then drop the connection like a closed tab.
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();

    const joined = await joinAnswer(client, messageId);
    expect(joined.status).toBe(200);
    expect(joined.events[0]!.type).toBe("snapshot");
    // It joined a running generation (live deltas follow the snapshot), not a finished row.
    expect(joined.events.some((event) => event.type === "delta")).toBe(true);
    // What existed at join time plus every later delta is the whole answer: nothing lost, nothing twice.
    expect(seenText(joined.events)).toBe(expectedAnswer("normal?n=60", question));
    expect(joined.events.at(-1)).toMatchObject({ type: "done", status: "complete" });
    expect(await messageRow(guestIdOf(client), messageId)).toMatchObject({ status: "complete", content: expectedAnswer("normal?n=60", question) });
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("has saved the thread and the question by the time the answer's headers arrive, before the first token", async () => {
    // The page opens the thread named in the headers at once; the upstream here is slow to its first token.
    const client = guest("normal?n=3&ms=400");
    const question = "Is the thread there already";
    const response = await client.fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ requestId: crypto.randomUUID(), model: "gpt-4o-mini", message: question, mode: "send" }),
    });
    expect(response.status).toBe(200);
    const threadId = response.headers.get("X-Thread-Id")!;
    const messages = await threadMessages(guestIdOf(client), threadId);
    expect(messages.map((message) => [message.role, message.content, message.status])).toEqual([
      ["user", question, "complete"],
      ["assistant", "", "streaming"],
    ]);
    const page = await client.get(`/web-main/${threadId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(question);
    const turn = await turnResult(response);
    expect(turn.done).toMatchObject({ status: "complete", text: expectedAnswer("normal?n=3", question) });
  });

  it("keeps the partial answer of a stream cut mid-way, marks it failed and keeps the credit", async () => {
    const model = "cut?at=3";
    const client = guest(model);
    const question = "Explain photosynthesis";
    const turn = await sendTurn(client, { message: question });

    expectWellFormed(turn);
    const partial = expectedPartial(model, question);
    expect(partial.length).toBeGreaterThan(0);
    expect(turn.streamed).toBe(partial);
    expect(turn.done).toMatchObject({ status: "failed", errorCode: "chat/interrupted", text: partial });
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: partial });
    // Something was delivered, so the credit stays spent.
    expect(await credits(client)).toMatchObject({ used: 1, remaining: GUEST_DAILY - 1 });
  });

  it("retries a 429 after retry-after and completes, charged once", async () => {
    const client = guest("429");
    const question = "Busy upstream question";
    const turn = await sendTurn(client, { message: question });

    expectWellFormed(turn);
    expect(turn.done).toMatchObject({ status: "complete", errorCode: null });
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({
      status: "complete",
      errorCode: null,
      content: expectedAnswer("429", question),
    });
    expect(await credits(client)).toMatchObject({ used: 1, remaining: GUEST_DAILY - 1 });
  });

  it("gives up after the SDK's retries when every attempt is rate limited: failed, rate-limited, refunded", async () => {
    // maxRetries is 2: three refusals in a row exhaust it.
    const client = guest("429?fails=3&retry=10");
    const turn = await sendTurn(client, { message: "Always busy" });

    expectWellFormed(turn);
    expect(turn.done).toMatchObject({ status: "failed", errorCode: "chat/rate-limited", text: "" });
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({ status: "failed", errorCode: "chat/rate-limited", content: "" });
    expect(await credits(client)).toMatchObject({ used: 0, remaining: GUEST_DAILY });
  });

  it("fails on a malformed chunk before any content and refunds the credit", async () => {
    const client = guest("malformed");
    const turn = await sendTurn(client, { message: "Garbled reply please" });

    expectWellFormed(turn);
    expect(turn.streamed).toBe("");
    // The SDK throws a SyntaxError on a non-JSON data line; the relay classifies it as an interruption.
    expect(turn.done).toMatchObject({ status: "failed", errorCode: "chat/interrupted", text: "" });
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: "" });
    expect(await credits(client)).toMatchObject({ used: 0, remaining: GUEST_DAILY });
  });

  it("fails on a malformed chunk after some content, keeps that content and the charge", async () => {
    const model = "malformed?at=2";
    const client = guest(model);
    const question = "Garbled later";
    const turn = await sendTurn(client, { message: question });

    expectWellFormed(turn);
    const partial = expectedPartial(model, question);
    expect(partial).toBe("Fake answer");
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: partial });
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("fails with chat/model-unavailable when the upstream model is gone, and refunds", async () => {
    const client = guest("gone");
    const turn = await sendTurn(client, { message: "Are you there" });

    expectWellFormed(turn);
    expect(turn.done).toMatchObject({ status: "failed", errorCode: "chat/model-unavailable", text: "" });
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({ status: "failed", errorCode: "chat/model-unavailable", content: "" });
    expect(await credits(client)).toMatchObject({ used: 0, remaining: GUEST_DAILY });
  });

  it("fails with chat/upstream-failed on an error payload mid-stream, keeping what came before", async () => {
    const model = "stream-error?at=2";
    const client = guest(model);
    const question = "Server trouble";
    const turn = await sendTurn(client, { message: question });

    expectWellFormed(turn);
    expect(await messageRow(guestIdOf(client), turn.messageId!)).toMatchObject({
      status: "failed",
      errorCode: "chat/upstream-failed",
      content: expectedPartial(model, question),
    });
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("shows that a reasoning model is thinking, and saves only the answer text", async () => {
    // A long thinking phase (10 reasoning chunks 40 ms apart), so the reader is attached while it lasts.
    const model = "reasoning?think=10&ms=40";
    const client = guest(model);
    const question = "Think about prime numbers";
    const turn = await sendTurn(client, { message: question });

    expectWellFormed(turn);
    // Thinking is shown before any text: in the opening snapshot (reader attached mid-thought) or as an event.
    const snapshot = turn.events[0]!;
    const firstThinking = turn.events.findIndex((event) => event.type === "thinking");
    const firstDelta = turn.events.findIndex((event) => event.type === "delta");
    expect(snapshot.text).toBe("");
    expect(snapshot.thinking === true || (firstThinking > 0 && firstThinking < firstDelta)).toBe(true);
    const row = await messageRow(guestIdOf(client), turn.messageId!);
    expect(row).toMatchObject({ status: "complete", content: expectedAnswer(model, question) });
    expect(row!.content).not.toContain("Thinking");
  });

  it("stores markup from a model verbatim (the client renders it as text)", async () => {
    const client = guest("xss");
    const turn = await sendTurn(client, { message: "Show me some HTML" });

    expectWellFormed(turn);
    const row = await messageRow(guestIdOf(client), turn.messageId!);
    expect(row).toMatchObject({ status: "complete", content: expectedAnswer("xss", "") });
    expect(row!.content).toContain(XSS_MARKUP);
  });

  it("regenerates a failed answer: a new charge, the failed answer replaced", async () => {
    const first = guest("gone");
    const question = "Try again later";
    const failed = await sendTurn(first, { message: question });
    expect(failed.done).toMatchObject({ status: "failed", errorCode: "chat/model-unavailable" });
    expect(await credits(first)).toMatchObject({ used: 0 });

    // The same browser, once the model is back.
    const again = first.withEnv(upstreamEnv("normal"));
    const retried = await sendTurn(again, { threadId: failed.threadId!, mode: "regenerate" });
    expectWellFormed(retried);
    expect(retried.threadId).toBe(failed.threadId);
    expect(await messageRow(guestIdOf(first), failed.messageId!)).toBeUndefined();
    expect((await threadMessages(guestIdOf(first), failed.threadId!)).map((message) => [message.role, message.status, message.content])).toEqual([
      ["user", "complete", question],
      ["assistant", "complete", expectedAnswer("normal", question)],
    ]);
    expect(await credits(again)).toMatchObject({ used: 1 });
  });
});
