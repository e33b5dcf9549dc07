// The extraction job against the fake OpenAI-compatible upstream (decision 0027): the real openai SDK sends one turn with a
// strict JSON schema; the fake proposes the question itself as a memory (a naive model), so what is kept is decided
// by the app's own rule: ordinary facts kept, secrets and unasked health details refused (en and tr), an answer
// outside the schema keeps nothing and is not retried, a failing upstream is retried by the queue and then gives up.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_MEMORY_ATTEMPTS, runMemoryJob, type MemoryJob } from "../../app/.server/memory/jobs";
import worker from "../../workers/app";
import { upstreamEnv } from "./chat-helpers";
import type { QueueResult } from "./images-helpers";
import { accountSchema, inAccountDb, memoriesOf, memoryAccount, noteOf, storedTurnJob } from "./memory-helpers";

/** A job for a turn stored in the account, as a finished answer queues one. */
const job = (accountId: string, question: string): Promise<MemoryJob> => storedTurnJob(accountId, question);

describe("memory extraction through the fast model's JSON schema", { timeout: 30_000 }, () => {
  it("keeps a lasting fact with where it came from, and finishes the answer's note", async () => {
    const { user } = await memoryAccount();
    const turn = await job(user.id, "I live in İzmir and I cycle to work");
    expect(await runMemoryJob(upstreamEnv("normal"), turn)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([
      expect.objectContaining({ text: "I live in İzmir and I cycle to work", sourceThreadId: turn.threadId, sourceMessageId: turn.messageId }),
    ]);
    const note = await noteOf(user.id, turn.messageId);
    expect(note).toMatchObject({ pending: false });
    expect(JSON.parse(note!.updated)).toEqual([expect.objectContaining({ text: "I live in İzmir and I cycle to work" })]);
  });

  it.each([
    "My password for the bank is hunter2",
    "My card number is 4111 1111 1111 1111",
    "I was diagnosed with diabetes in March",
    "Şifrem kedi123, unutma",
    "Kart numaram 5500 0000 0000 0004",
    "Geçen ay depresyon teşhisi kondu",
  ])("refuses sensitive data the model proposed: %s", async (question) => {
    const { user } = await memoryAccount();
    const turn = await job(user.id, question);
    expect(await runMemoryJob(upstreamEnv("normal"), turn)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
    expect(await noteOf(user.id, turn.messageId)).toMatchObject({ updated: "[]", pending: false });
  });

  it("keeps a health detail the person asked to be remembered", async () => {
    const { user } = await memoryAccount();
    expect(await runMemoryJob(upstreamEnv("normal"), await job(user.id, "Please remember that I am diabetic"))).toBe("done");
    expect((await memoriesOf(user.id)).map((row) => row.text)).toEqual(["Please remember that I am diabetic"]);
  });

  it("keeps nothing, and does not retry, when the answer is not in the schema", async () => {
    const { user } = await memoryAccount();
    const turn = await job(user.id, "I live in İzmir");
    expect(await runMemoryJob(upstreamEnv("memory-invalid"), turn, 1)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
    expect(await noteOf(user.id, turn.messageId)).toMatchObject({ updated: "[]", pending: false });
  });

  it("asks the queue to retry a failing upstream, then gives up after the last attempt keeping nothing", async () => {
    const { user } = await memoryAccount();
    const turn = await job(user.id, "I live in İzmir");
    const env = upstreamEnv("memory-fail");
    const batch = createMessageBatch("memory-jobs", [{ id: "m-1", body: turn, timestamp: new Date(), attempts: 1 }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, env as unknown as Env);
    expect(((await getQueueResult(batch, ctx)) as QueueResult).retryMessages).toEqual([expect.objectContaining({ msgId: "m-1" })]);
    expect(await runMemoryJob(env, turn, MAX_MEMORY_ATTEMPTS)).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
    expect(await noteOf(user.id, turn.messageId)).toMatchObject({ pending: false });
  });

  it("keeps nothing when memory was turned off before the job ran", async () => {
    const { user } = await memoryAccount();
    await inAccountDb(user.id, (db) => db.insert(accountSchema.memorySettings).values({ id: 1, enabled: false }).run());
    expect(await runMemoryJob(upstreamEnv("normal"), await job(user.id, "I live in İzmir"))).toBe("done");
    expect(await memoriesOf(user.id)).toEqual([]);
  });
});
