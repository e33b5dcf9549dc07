// Every move of a chat turn's life (app/.server/chat/turn/machine.ts TURN_MOVES), driven for real: through the
// app for what a person can cause (send, Stop, close the tab, a thread that is not there, an upstream that cuts or
// refuses), and on the account's runner directly for what only the server sees (a launch never confirmed, an
// answer lost to an eviction, resumed or not). After each, the balance says whether the charge was kept: a whole answer is paid
// for, a stopped or failed one only if some of it was delivered, a cancelled or abandoned one never. The last test
// checks that every move in the table was driven here, so a new state or move cannot go untested.
import { runInDurableObject } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { applyTurnWrites, saveAssistantProgress } from "../../app/.server/chat/messages";
import { TURN_MOVES, type TurnStateName } from "../../app/.server/chat/turn/table";
import { consumeCredits, getBalance } from "../../app/.server/credits";
import { loadConfig } from "../../app/.server/env";
import { expectedAnswer, expectedPartial } from "../mocks/fake-openai-replies.mjs";
import { inAccountDb } from "./account-helpers";
import {
  credits,
  FAST_MODEL,
  guest,
  guestIdOf,
  launchOn,
  relayStart,
  joinAnswer,
  messageRow,
  readEvents,
  runnerOf,
  sendTurn,
  turnStatusOn,
  upstreamEnv,
  type Client,
} from "./chat-helpers";
import { uniqueId } from "./helpers";

const driven = new Set<string>();
/** Records the moves a test made (a path through the table), after checking each one is in it. */
function drove(...path: TurnStateName[]) {
  for (let index = 1; index < path.length; index++) {
    expect(TURN_MOVES[path[index - 1]!]).toContain(path[index]);
    driven.add(`${path[index - 1]} -> ${path[index]}`);
  }
}

function postTurn(client: Client, message: string, extra: Record<string, string> = {}) {
  return client.fetch("/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ requestId: crypto.randomUUID(), model: FAST_MODEL, message, mode: "send", ...extra }),
  });
}

/** Reads an answer's events until `until` holds for one of them; returns the reader so the rest can be read. */
async function readUntil(body: ReadableStream<Uint8Array>, until: (event: { type: string; text?: string }) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the answer ended before the awaited event");
    buffered += decoder.decode(value, { stream: true });
    const blocks = buffered.split("\n\n");
    buffered = blocks.pop() ?? "";
    for (const block of blocks) {
      if (block.startsWith("data: ") && until(JSON.parse(block.slice(6)))) return reader;
    }
  }
}

const stop = (client: Client, messageId: string) => client.fetch(`/api/chat/${messageId}/stop`, { method: "POST" });

/** A relay-level turn for `ownerId`, charged under its credit key like turns.ts does. */
async function chargedInput(ownerId: string, question: string, upstream = "normal?n=3&ms=1") {
  const env = upstreamEnv(upstream);
  const config = loadConfig(env);
  const input = relayStart(env, ownerId, question);
  expect((await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey })).ok).toBe(true);
  const relay = env.ACCOUNT.get(env.ACCOUNT.idFromName(ownerId));
  const used = async () => (await getBalance(env, config, { accountId: ownerId, plan: "free" })).used;
  return { env, input, relay, used };
}

/** An answer slow enough to be evicted part way, long enough to be saved on the way (SAVE_MIN_CHARS): 300 pieces, 8 ms apart. */
const SLOW = "normal?n=300&ms=8";

/**
 * A turn started on the account's object for real, then evicted (as the runtime does) once some progress was saved:
 * the instance loses it from memory and its model call ends, and only what the object's storage remembers (its
 * key-value entries and its SQLite rows) is left. Returns what was stored by then.
 */
async function evictedMidAnswer(ownerId: string, question: string) {
  const setup = await chargedInput(ownerId, question, SLOW);
  const first = await setup.relay.start(setup.input);
  await first!.cancel();
  await runInDurableObject(setup.relay, async (instance) => {
    const runner = runnerOf(instance);
    await runner.until(setup.input.messageId, (state) => state.name === "streaming" && state.savedChars > 0);
    const turns = (runner as unknown as { turns: Map<string, { abort?: AbortController }> }).turns;
    const lost = turns.get(setup.input.messageId);
    turns.delete(setup.input.messageId);
    lost?.abort?.abort();
  });
  const stored = (await messageRow(ownerId, setup.input.messageId))!.content;
  expect(stored.length).toBeGreaterThan(0);
  expect(expectedAnswer(SLOW, question).startsWith(stored)).toBe(true);
  return { ...setup, stored };
}

/**
 * The object's alarm wakes it after the eviction, with the provider configured as `upstream` (the tests give the fake
 * upstream per request; a deployed object reads its provider from its own env); then a reader joins the answer.
 */
async function wakeWith({ relay, input }: Awaited<ReturnType<typeof evictedMidAnswer>>, upstream: string) {
  await runInDurableObject(relay, async (instance) => {
    runnerOf(instance).env = upstreamEnv(upstream);
    // One answer resumed: no need to spread it (chat-stream-cost.test.ts checks the spread).
    runnerOf(instance).resumeSpreadMs = 0;
    await (instance as unknown as { alarm(): Promise<void> }).alarm();
  });
  const stream = await relay.joinAnswer(input.messageId);
  expect(stream).not.toBeNull();
  return stream!;
}

describe("a chat turn's life, move by move, with the charge after each", { timeout: 30_000 }, () => {
  it("charged -> streaming -> complete: the whole answer is paid for", async () => {
    const client = guest("normal?n=4&ms=1");
    const turn = await sendTurn(client, { message: "A whole answer" });
    expect(turn.done).toMatchObject({ status: "complete", text: expectedAnswer("normal?n=4", "A whole answer") });
    expect(await credits(client)).toMatchObject({ used: 1 });
    drove("charged", "streaming", "complete");
  });

  it("streaming -> stopped before the first token: nothing delivered, the credit comes back", async () => {
    // The first token is 2 s away; Stop comes as soon as the answer's headers say which message it is.
    const client = guest("normal?n=3&ms=2000");
    const response = await postTurn(client, "Stop before anything comes");
    const messageId = response.headers.get("X-Message-Id")!;
    expect((await stop(client, messageId)).status).toBeLessThan(300);
    const events = await readEvents(response);
    expect(events.at(-1)).toMatchObject({ type: "done", status: "stopped", text: "" });
    expect(await messageRow(guestIdOf(client), messageId)).toMatchObject({ status: "stopped", content: "" });
    expect(await credits(client)).toMatchObject({ used: 0 });
    drove("streaming", "stopped");
  });

  it("streaming -> stopped after some text: what was delivered is kept, and paid for", async () => {
    const client = guest("normal?n=40&ms=40");
    const response = await postTurn(client, "Stop me part way");
    const messageId = response.headers.get("X-Message-Id")!;
    const reader = await readUntil(response.body!, (event) => event.type === "delta");
    expect((await stop(client, messageId)).status).toBeLessThan(300);
    for (;;) if ((await reader.read()).done) break;
    const row = await messageRow(guestIdOf(client), messageId);
    expect(row?.status).toBe("stopped");
    expect(row?.content.length).toBeGreaterThan(0);
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("streaming -> failed: an upstream cut after some text keeps the charge, a refusal before any gives it back", async () => {
    const cut = guest("cut?at=3");
    const partial = await sendTurn(cut, { message: "Cut part way" });
    expect(partial.done).toMatchObject({ status: "failed", text: expectedPartial("cut?at=3", "Cut part way") });
    expect(await credits(cut)).toMatchObject({ used: 1 });

    const gone = guest("gone");
    const refused = await sendTurn(gone, { message: "The model is gone" });
    expect(refused.done).toMatchObject({ status: "failed", errorCode: "chat/model-unavailable", text: "" });
    expect(await credits(gone)).toMatchObject({ used: 0 });
    drove("streaming", "failed");
  });

  it("the reader goes away (tab closed): the answer completes, is saved, and is paid for", async () => {
    const client = guest("normal?n=20&ms=5");
    const response = await postTurn(client, "Closing the tab");
    const messageId = response.headers.get("X-Message-Id")!;
    await response.body!.cancel();
    // A reloaded page joins the answer and reads it to its end.
    const joined = await joinAnswer(client, messageId);
    expect(joined.events.at(-1)).toMatchObject({ type: "done", status: "complete", text: expectedAnswer("normal?n=20", "Closing the tab") });
    expect(await credits(client)).toMatchObject({ used: 1 });
  });

  it("charged -> abandoned: a turn that cannot start (no such thread) is refused and not paid for", async () => {
    const client = guest("normal");
    const first = await sendTurn(client, { message: "Make me a guest" });
    expect(first.done).toMatchObject({ status: "complete" });
    const response = await postTurn(client, "Continue a thread that is not there", { threadId: crypto.randomUUID() });
    expect(response.status).toBe(404);
    expect(await credits(client)).toMatchObject({ used: 1 });
    drove("charged", "abandoned");
  });

  it("charged -> launched -> streaming -> complete: a hinted turn confirmed by the session", async () => {
    const { input, relay, used } = await chargedInput(uniqueId("u_life_ok"), "Launched, then confirmed");
    await launchOn(relay, input);
    expect(await turnStatusOn(relay, input.messageId)).toEqual({ status: "launched" });
    const stream = await relay.confirm(input.messageId);
    expect(await new Response(stream).text()).toContain(`"type":"done","status":"complete"`);
    expect(await used()).toBe(1);
    drove("charged", "launched", "streaming", "complete");
  });

  it("launched -> cancelled: a wrong owner's launch leaves nothing, and a silent caller's is refunded by the relay", async () => {
    const cancelled = await chargedInput(uniqueId("u_life_cancel"), "Cancelled by the caller");
    await launchOn(cancelled.relay, cancelled.input);
    await cancelled.relay.cancelLaunch(cancelled.input.messageId);
    expect(await cancelled.relay.confirm(cancelled.input.messageId)).toBeNull();
    expect(await messageRow(cancelled.input.ownerId, cancelled.input.messageId)).toBeUndefined();

    const silent = await chargedInput(uniqueId("u_life_silent"), "Nobody confirms this");
    await runInDurableObject(silent.relay, (instance) => {
      runnerOf(instance).confirmWithinMs = 50;
    });
    await launchOn(silent.relay, silent.input);
    await runInDurableObject(silent.relay, async (instance) => {
      await runnerOf(instance).until(silent.input.messageId, (state) => state.name === "ended");
    });
    // A confirm after the time-out finds the turn gone; the relay gave the charge back itself.
    expect(await silent.relay.confirm(silent.input.messageId)).toBeNull();
    expect(await messageRow(silent.input.ownerId, silent.input.messageId)).toBeUndefined();
    expect(await silent.used()).toBe(0);
    drove("launched", "cancelled");
  });

  it("streaming -> failed after an eviction it cannot resume from: the alarm keeps what was saved, and refunds only an empty answer", async () => {
    const ownerId = uniqueId("u_life_evicted");
    const empty = await chargedInput(ownerId, "Evicted before any text");
    const partial = await chargedInput(ownerId, "Evicted part way");
    // Two answers recorded as running by a relay instance that no longer holds them (as after an eviction), without
    // the inputs a resume needs.
    await inAccountDb(ownerId, (own) => {
      for (const { input } of [empty, partial]) applyTurnWrites(own, input.writes);
      saveAssistantProgress(own, partial.input.messageId, "Half an ans");
    });
    await runInDurableObject(empty.relay, async (instance, state) => {
      for (const { input } of [empty, partial]) await state.storage.put(`active:${input.messageId}`, { ownerId, creditKey: input.creditKey });
      await (instance as unknown as { alarm(): Promise<void> }).alarm();
    });
    expect(await messageRow(ownerId, empty.input.messageId)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: "" });
    expect(await messageRow(ownerId, partial.input.messageId)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: "Half an ans" });
    // Both were charged to the same owner: only the empty one came back.
    expect(await empty.used()).toBe(1);
  });

  it("streaming -> resumed -> complete after an eviction: the answer goes on from what was stored, paid for once", async () => {
    const question = "Evicted, then resumed";
    const evicted = await evictedMidAnswer(uniqueId("u_life_resumed"), question);
    const { input, used, stored } = evicted;
    const stream = await wakeWith(evicted, SLOW);
    const events = await readEvents(new Response(stream));
    // A reader rejoining gets the stored text (and any of the continuation already come), then the rest of it, then
    // the whole answer: nothing repeated, nothing lost.
    const answer = expectedAnswer(SLOW, question);
    expect(events[0]).toMatchObject({ type: "snapshot", text: expect.stringMatching(new RegExp(`^${stored}`)) });
    expect(events.map((event) => (event.type === "done" ? "" : (event.text ?? ""))).join("")).toBe(answer);
    expect(events.at(-1)).toEqual({ type: "done", status: "complete", errorCode: null, text: answer });
    expect(await messageRow(input.ownerId, input.messageId)).toMatchObject({ status: "complete", errorCode: null, content: answer });
    expect(await used()).toBe(1);
    drove("streaming", "resumed", "complete");
  });

  it("resumed -> failed or stopped: a refused continuation ends with what was produced, a Stop keeps what came", async () => {
    const refused = await evictedMidAnswer(uniqueId("u_life_refused"), "Evicted, and the model is gone");
    const ended = await readEvents(new Response(await wakeWith(refused, "gone")));
    expect(ended.at(-1)).toEqual({ type: "done", status: "failed", errorCode: "chat/interrupted", text: refused.stored });
    expect(await messageRow(refused.input.ownerId, refused.input.messageId)).toMatchObject({
      status: "failed",
      errorCode: "chat/interrupted",
      content: refused.stored,
    });
    // Something was delivered before the eviction: the charge is kept, once.
    expect(await refused.used()).toBe(1);
    drove("streaming", "resumed", "failed");

    const stopped = await evictedMidAnswer(uniqueId("u_life_stopped"), "Evicted, resumed, then stopped");
    const stream = await wakeWith(stopped, SLOW);
    await stopped.relay.stopAnswer(stopped.input.messageId);
    const last = (await readEvents(new Response(stream))).at(-1);
    expect(last).toMatchObject({ type: "done", status: "stopped" });
    expect((last as { text: string }).text.startsWith(stopped.stored)).toBe(true);
    expect(await messageRow(stopped.input.ownerId, stopped.input.messageId)).toMatchObject({ status: "stopped", content: (last as { text: string }).text });
    expect(await stopped.used()).toBe(1);
    drove("resumed", "stopped");
  });

  afterAll(() => {
    const table = Object.entries(TURN_MOVES).flatMap(([from, targets]) => targets.map((to) => `${from} -> ${to}`));
    expect([...driven].sort()).toEqual(table.sort());
  });
});
