// What a streamed answer costs the account's object, and how it ends when its provider goes quiet or the object is
// evicted under it (docs/decisions/0022 "Saving an answer"): progress saved at most once a second or per
// SAVE_EVERY_CHARS, in the message row only; a call silent for STALL_AFTER_MS ends as interrupted, charged like one;
// answers resumed after an eviction start spread over RESUME_SPREAD_MS, not all in the same second.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { SAVE_EVERY_MS, SAVE_MIN_CHARS } from "../../app/.server/chat/turn/table";
import { consumeCredits, getBalance } from "../../app/.server/credits";
import { loadConfig } from "../../app/.server/env";
import { expectedAnswer, expectedPartial } from "../mocks/fake-openai-replies.mjs";
import { messageRow, readEvents, type RelayEvent, relayStart, runnerOf, upstreamEnv } from "./chat-helpers";
import { uniqueId } from "./helpers";

/** A relay-level turn for `ownerId`, charged under its credit key as turns.ts does. */
async function chargedInput(ownerId: string, question: string, upstream: string) {
  const env = upstreamEnv(upstream);
  const config = loadConfig(env);
  const input = relayStart(env, ownerId, question);
  expect((await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey })).ok).toBe(true);
  const relay = env.ACCOUNT.get(env.ACCOUNT.idFromName(ownerId));
  const used = async () => (await getBalance(env, config, { accountId: ownerId, plan: "free" })).used;
  return { env, input, relay, used };
}

/** Slow enough to be evicted part way, long enough to be saved on the way (SAVE_MIN_CHARS). */
const SLOW = "normal?n=300&ms=8";

type Storage = DurableObjectStorage & { sql: SqlStorage };

/**
 * Counts the rows the object writes from now on: every SQLite statement's rowsWritten (its tables, drizzle's and
 * the search index's) and every key its key-value storage puts or deletes (a row each in the same SQLite database).
 */
function countRowWrites(storage: Storage) {
  const cursors: { rowsWritten: number }[] = [];
  let keys = 0;
  const sql = storage.sql as SqlStorage & { exec: SqlStorage["exec"] };
  const exec = sql.exec.bind(sql);
  sql.exec = ((query: string, ...bindings: unknown[]) => {
    const cursor = exec(query, ...bindings);
    cursors.push(cursor);
    return cursor;
  }) as SqlStorage["exec"];
  const put = storage.put.bind(storage) as (...args: unknown[]) => Promise<void>;
  const del = storage.delete.bind(storage) as (...args: unknown[]) => Promise<unknown>;
  const size = (first: unknown) => (typeof first === "string" ? 1 : Array.isArray(first) ? first.length : Object.keys(first as object).length);
  (storage as { put: unknown }).put = (first: unknown, ...rest: unknown[]) => ((keys += size(first)), put(first, ...rest));
  (storage as { delete: unknown }).delete = (first: unknown, ...rest: unknown[]) => ((keys += size(first)), del(first, ...rest));
  return {
    total: () => cursors.reduce((sum, cursor) => sum + cursor.rowsWritten, 0) + keys,
    restore: () => {
      sql.exec = exec;
      (storage as { put: unknown }).put = put;
      (storage as { delete: unknown }).delete = del;
    },
  };
}

/** About 3 KB of answer (390 pieces of about 8 characters), streamed over several seconds. */
const THREE_KB = "normal?n=390&ms=12";

/** The rows a turn answered by `upstream` writes in its account's object, from its start to its end. */
async function rowWritesOf(question: string, upstream: string) {
  const { input, relay } = await chargedInput(uniqueId("u_cost"), question, upstream);
  // The object is awake (the charge was taken in it): its writes are counted from the turn's start to its end.
  const counted = await runInDurableObject(relay, (_instance, state) => countRowWrites(state.storage as Storage));
  const startedAt = Date.now();
  const events = await readEvents(new Response(await relay.start(input)));
  const took = Date.now() - startedAt;
  const written = await runInDurableObject(relay, async (instance) => {
    await runnerOf(instance).until(input.messageId, () => true);
    counted.restore();
    return counted.total();
  });
  const text = expectedAnswer(upstream, question);
  expect(events.at(-1)).toMatchObject({ type: "done", status: "complete", text });
  expect(await messageRow(input.ownerId, input.messageId)).toMatchObject({ status: "complete", content: text });
  return { written, took, text };
}

describe("a streamed answer's cost and its ends", { timeout: 60_000 }, () => {
  it("streaming a 3 KB answer over seconds costs at most 10 row writes more than the same turn answered at once", async () => {
    // What every turn writes whatever its length (the thread, the question and answer rows with their indexes and
    // search index, the outcome, the object's own bookkeeping) is the same turn answered in one piece.
    const once = await rowWritesOf("Three kilobytes please", "normal?n=1&ms=1");
    const streamed = await rowWritesOf("Three kilobytes please", THREE_KB);
    expect(streamed.text.length).toBeGreaterThan(3_000);
    // Long enough that progress was due along the way, by time and by size (not only at the end).
    expect(streamed.took).toBeGreaterThan(3 * SAVE_EVERY_MS);
    expect(streamed.text.length).toBeGreaterThan(2 * SAVE_MIN_CHARS);
    expect(streamed.written - once.written).toBeGreaterThan(0);
    expect(streamed.written - once.written).toBeLessThanOrEqual(10);
  });

  it("mid-stream, the only copy of the text is the message row (a wake resumes from it: chat-turn-lifecycle.test.ts)", async () => {
    const ownerId = uniqueId("u_cost_copy");
    const { input, relay } = await chargedInput(ownerId, "One copy only", SLOW);
    await (await relay.start(input))!.cancel();
    const keys = await runInDurableObject(relay, async (instance, state) => {
      await runnerOf(instance).until(input.messageId, (turn) => turn.name === "streaming" && turn.savedChars > 0);
      return [...(await state.storage.list()).keys()];
    });
    expect(keys).toContain(`active:${input.messageId}`);
    expect(keys.filter((key) => key.includes(input.messageId))).toEqual([`active:${input.messageId}`]);
    expect((await messageRow(ownerId, input.messageId))!.content.length).toBeGreaterThan(0);
  });

  it("a provider silent for the watchdog's time ends the answer as interrupted: paid for if some came, refunded if none", async () => {
    const question = "Then silence";
    const some = await chargedInput(uniqueId("u_stall_some"), question, "stall?at=3");
    const none = await chargedInput(uniqueId("u_stall_none"), "Silence from the start", "stall?at=0");
    for (const { relay } of [some, none]) {
      await runInDurableObject(relay, (instance) => {
        (runnerOf(instance) as unknown as { stallAfterMs: number }).stallAfterMs = 300;
      });
    }
    const [withText, empty] = (await Promise.all([some, none].map(async ({ relay, input }) => readEvents(new Response(await relay.start(input)))))) as [
      RelayEvent[],
      RelayEvent[],
    ];
    const partial = expectedPartial("stall?at=3", question);
    expect(withText.at(-1)).toEqual({ type: "done", status: "failed", errorCode: "chat/interrupted", text: partial });
    expect(empty.at(-1)).toEqual({ type: "done", status: "failed", errorCode: "chat/interrupted", text: "" });
    expect(await messageRow(some.input.ownerId, some.input.messageId)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: partial });
    expect(await messageRow(none.input.ownerId, none.input.messageId)).toMatchObject({ status: "failed", errorCode: "chat/interrupted", content: "" });
    expect(await some.used()).toBe(1);
    expect(await none.used()).toBe(0);
  });

  it("answers resumed after an eviction do not all re-ask the provider at once: each waits its own share of the spread", async () => {
    const ownerId = uniqueId("u_spread");
    const questions = ["Spread one", "Spread two", "Spread three"].map((text) => `${text} ${ownerId}`);
    const turns: Awaited<ReturnType<typeof chargedInput>>[] = [];
    for (const question of questions) turns.push(await chargedInput(ownerId, question, SLOW));
    for (const { relay, input } of turns) await (await relay.start(input))!.cancel();
    const { relay } = turns[0]!;
    // Evicted once each has saved some progress: the instance loses them, their calls end.
    await runInDurableObject(relay, async (instance) => {
      const runner = runnerOf(instance);
      for (const { input } of turns) {
        await runner.until(input.messageId, (state) => state.name === "streaming" && state.savedChars > 0);
      }
      const held = (runner as unknown as { turns: Map<string, { abort?: AbortController }> }).turns;
      for (const { input } of turns) {
        held.get(input.messageId)?.abort?.abort();
        held.delete(input.messageId);
      }
    });
    // The wake, with a random source the test picks: 0, a half and nearly all of a 1.5 s spread.
    const draws = [0, 0.5, 0.99];
    await runInDurableObject(relay, async (instance) => {
      const runner = runnerOf(instance) as unknown as { env: unknown; random: () => number; resumeSpreadMs: number };
      runner.env = upstreamEnv(SLOW);
      runner.random = () => draws.shift() ?? 0;
      runner.resumeSpreadMs = 1_500;
      await (instance as unknown as { alarm(): Promise<void> }).alarm();
    });
    for (const { input, relay: own } of turns) {
      const stream = await own.joinAnswer(input.messageId);
      if (stream) await readEvents(new Response(stream));
      expect(await messageRow(ownerId, input.messageId)).toMatchObject({ status: "complete" });
    }
    // When the provider received each continuation (the fake records it per question).
    const timings = (await (await fetch(new URL("/__timings", inject("fakeUpstreamUrl")))).json()) as Record<string, { receivedAt: number }>;
    const received = questions.map((question) => timings[question]!.receivedAt).sort((a, b) => a - b);
    expect(received[1]! - received[0]!).toBeGreaterThan(500);
    expect(received[2]! - received[1]!).toBeGreaterThan(500);
  });
});
