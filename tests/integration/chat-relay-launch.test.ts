// A turn begun on an owner hint (decision 0009): the account's runner sends the upstream request before the
// session is confirmed, and must neither write nor show anything of it until confirm(); a cancel leaves no trace
// and gives the charge back, once (the turn's machine settles it). These drive the runner directly, so the order of
// events is certain.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { consumeCredits, getBalance } from "../../app/.server/credits";
import { loadConfig } from "../../app/.server/env";
import type { TurnStart } from "../../app/.server/chat/turn/types";
import { expectedAnswer } from "../mocks/fake-openai-replies.mjs";
import { launchOn, relayStart, runnerOf, threadMessages, threadRow, turnStatusOn, upstreamEnv } from "./chat-helpers";
import { uniqueId } from "./helpers";

const UPSTREAM = "normal?n=3&ms=1";

function launchInput(ownerId: string, question: string): TurnStart {
  return relayStart(upstreamEnv(UPSTREAM), ownerId, question);
}

function relayOf(ownerId: string) {
  const env = upstreamEnv(UPSTREAM);
  return env.ACCOUNT.get(env.ACCOUNT.idFromName(ownerId));
}

/** Waits, inside the relay, until the upstream has sent its whole answer for `messageId`. */
async function upstreamFinished(ownerId: string, messageId: string) {
  await runInDurableObject(relayOf(ownerId), async (instance) => {
    await runnerOf(instance).until(messageId, (state) => state.name !== "launched" || state.upstream !== undefined);
  });
}

describe("an answer launched before its owner is confirmed", { timeout: 30_000 }, () => {
  it("writes and shows nothing until confirmed, then saves and streams the whole answer", async () => {
    const ownerId = uniqueId("u_launch");
    const question = "Launched before the session was read";
    const input = launchInput(ownerId, question);
    const relay = relayOf(ownerId);

    await launchOn(relay, input);
    await upstreamFinished(ownerId, input.messageId);
    // The whole answer has arrived from upstream, yet nothing of the turn exists or can be read.
    expect(await threadRow(ownerId, input.threadId)).toBeUndefined();
    expect(await threadMessages(ownerId, input.threadId)).toEqual([]);
    expect(await relay.joinAnswer(input.messageId)).toBeNull();

    const stream = await relay.confirm(input.messageId);
    expect(stream).not.toBeNull();
    const text = await new Response(stream).text();
    const answer = expectedAnswer("normal?n=3", question);
    expect(text).toContain(`"type":"done","status":"complete"`);
    expect(text).toContain(JSON.stringify(answer).slice(1, -1));
    expect(await threadRow(ownerId, input.threadId)).toMatchObject({ ownerId, title: question });
    expect((await threadMessages(ownerId, input.threadId)).map((row) => [row.role, row.content, row.status])).toEqual([
      ["user", question, "complete"],
      ["assistant", answer, "complete"],
    ]);
  });

  it("leaves no trace when cancelled, and gives the charge back once: the turn begun again for the same request keeps its charge", async () => {
    const ownerId = uniqueId("u_cancel");
    const env = upstreamEnv(UPSTREAM);
    const config = loadConfig(env);
    const input = launchInput(ownerId, "Cancelled: the session had ended");
    const charge = await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey });
    expect(charge.ok).toBe(true);
    const relay = relayOf(ownerId);

    await launchOn(relay, input);
    await relay.cancelLaunch(input.messageId);
    await upstreamFinished(ownerId, input.messageId);

    expect(await relay.confirm(input.messageId)).toBeNull();
    expect(await turnStatusOn(relay, input.messageId)).toEqual({ status: "idle" });
    expect(await threadRow(ownerId, input.threadId)).toBeUndefined();
    expect(await threadMessages(ownerId, input.threadId)).toEqual([]);
    // The turn's machine gave the charge back as it cancelled.
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 0 });

    // The route then begins the turn again for the confirmed owner under the same request id: charged again, and
    // nothing settles the cancelled launch a second time (a late cancel, the object's alarm).
    expect((await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey })).ok).toBe(true);
    await relay.cancelLaunch(input.messageId);
    await runInDurableObject(relay, (instance) => (instance as unknown as { alarm(): Promise<void> }).alarm());
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 1 });
  });

  it("abandons a turn charged but never sent (its thread could not be read): the charge goes back once", async () => {
    const ownerId = uniqueId("u_abandon");
    const env = upstreamEnv(UPSTREAM);
    const config = loadConfig(env);
    const charge = { ownerId, creditKey: `chat:${crypto.randomUUID()}` };
    await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: charge.creditKey });
    const relay = relayOf(ownerId);

    await runInDurableObject(relay, (instance) => runnerOf(instance).abandon(charge));
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 0 });
    // Nothing of it is held, and nothing gives it back again: the same request's charge, made again, is kept.
    await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: charge.creditKey });
    await runInDurableObject(relay, (instance) => (instance as unknown as { alarm(): Promise<void> }).alarm());
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 1 });
  });

  it("is dropped, and its charge given back, when the caller never confirms nor cancels", async () => {
    const ownerId = uniqueId("u_silent");
    const env = upstreamEnv(UPSTREAM);
    const config = loadConfig(env);
    const input = launchInput(ownerId, "The worker that launched this went away");
    await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey });
    const relay = relayOf(ownerId);
    await runInDurableObject(relay, (instance) => {
      runnerOf(instance).confirmWithinMs = 50;
    });

    await launchOn(relay, input);
    // Inside the relay: the time-out decides, then the drop (and the refund) completes.
    await runInDurableObject(relay, async (instance) => {
      const ended = await runnerOf(instance).until(input.messageId, (state) => state.name === "ended");
      expect(ended).toMatchObject({ how: "cancelled" });
    });

    expect(await relay.confirm(input.messageId)).toBeNull();
    expect(await threadRow(ownerId, input.threadId)).toBeUndefined();
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 0 });
  });

  it("keeps the charge when the route gives up on a launch whose confirm went through (its answer lost on the way back)", async () => {
    const ownerId = uniqueId("u_confirmed");
    const env = upstreamEnv(UPSTREAM);
    const config = loadConfig(env);
    const input = launchInput(ownerId, "Confirmed, then the route lost the answer");
    await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey });
    const relay = relayOf(ownerId);

    await launchOn(relay, input);
    const stream = await relay.confirm(input.messageId);
    // The route never got that stream (the call failed on its way back) and cancels the launch as it would.
    await relay.cancelLaunch(input.messageId);

    expect(await new Response(stream).text()).toContain(`"type":"done","status":"complete"`);
    expect((await threadMessages(ownerId, input.threadId)).map((row) => row.status)).toEqual(["complete", "complete"]);
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 1 });
  });

  it("gives the charge back when the route cancels a launch that is still waiting", async () => {
    const ownerId = uniqueId("u_cancelled");
    const env = upstreamEnv(UPSTREAM);
    const config = loadConfig(env);
    const input = launchInput(ownerId, "Cancelled by the route in one call");
    await consumeCredits(env, config, { accountId: ownerId, plan: "free", action: "chat", key: input.creditKey });
    const relay = relayOf(ownerId);

    await launchOn(relay, input);
    await relay.cancelLaunch(input.messageId);

    expect(await turnStatusOn(relay, input.messageId)).toEqual({ status: "idle" });
    expect(await threadRow(ownerId, input.threadId)).toBeUndefined();
    expect(await getBalance(env, config, { accountId: ownerId, plan: "free" })).toMatchObject({ used: 0 });
  });
});
