// The image-jobs queue consumer driven through the main worker's queue() handler: a charged job becomes a gallery
// image in R2 and its account's object, redelivery creates and charges nothing more, and a malformed message is dropped (acked).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consumeCredits } from "../../app/.server/credits";
import { loadConfig } from "../../app/.server/env";
import worker from "../../workers/app";
import { accountSchema, inAccountDb } from "./account-helpers";
import { accountBalance, appEnv, uniqueId } from "./helpers";

/** The shape getQueueResult resolves to (declared in workers-types' experimental entry only). */
interface QueueResult {
  outcome: string;
  ackAll: boolean;
  explicitAcks: string[];
  retryMessages: { msgId: string }[];
}

const jobOf = (ownerId: string, jobId: string) =>
  inAccountDb(ownerId, (account) => account.select().from(accountSchema.imageJobs).where(eq(accountSchema.imageJobs.id, jobId)).get());
const galleryOf = (ownerId: string) => inAccountDb(ownerId, (account) => account.select().from(accountSchema.galleryImages).all());
const config = loadConfig(appEnv);

async function deliver(messages: { id: string; body: unknown }[]): Promise<QueueResult> {
  const batch = createMessageBatch(
    "image-jobs",
    messages.map((message) => ({ ...message, timestamp: new Date(), attempts: 1 })),
  );
  const ctx = createExecutionContext();
  // The handler declares (batch, env) only; ctx is what getQueueResult waits on for any waitUntil work.
  await worker.queue(batch as MessageBatch<unknown>, appEnv as unknown as Env);
  return (await getQueueResult(batch, ctx)) as QueueResult;
}

async function queueChargedJob() {
  const ownerId = uniqueId("owner");
  const jobId = uniqueId("job");
  const creditKey = `image:${jobId}`;
  await inAccountDb(ownerId, (account) =>
    account
      .insert(accountSchema.imageJobs)
      .values({
        id: jobId,
        ownerId,
        tool: "image-generation",
        status: "queued",
        prompt: "a lighthouse at dusk",
        model: "gpt-4o-mini",
        // What POST /api/jobs stores: the form's settings (the consumer checks them again before drawing).
        params: JSON.stringify({ tool: "image-generation", model: "gpt-4o-mini", prompt: "a lighthouse at dusk", style: "none", aspectRatio: "1:1" }),
        creditKey,
      })
      .run(),
  );
  // As the create action does: charge first, then enqueue.
  const chargedAt = Date.now();
  const charge = await consumeCredits(appEnv, config, { accountId: ownerId, plan: "free", action: "image", key: creditKey, now: chargedAt });
  expect(charge).toMatchObject({ ok: true, duplicate: false, balance: { used: 4 } });
  return { ownerId, jobId, chargedAt };
}

describe("image-jobs queue consumer", () => {
  it("turns a queued job into a gallery image stored in R2, and is safe to redeliver", async () => {
    const { ownerId, jobId, chargedAt } = await queueChargedJob();

    const first = await deliver([{ id: "msg-1", body: { jobId, accountId: ownerId } }]);
    expect(first.outcome).toBe("ok");
    expect(first.explicitAcks).toEqual(["msg-1"]);
    expect(first.retryMessages).toEqual([]);

    const job = await jobOf(ownerId, jobId);
    expect(job).toMatchObject({ status: "done", attempts: 1, errorCode: null });
    const gallery = await galleryOf(ownerId);
    expect(gallery).toHaveLength(1);
    const image = gallery[0]!;
    // The offline demo provider draws a real PNG (labelled "demo" as the model that made it).
    expect(image).toMatchObject({ ownerId, tool: "image-generation", model: "demo", contentType: "image/png" });

    const object = await appEnv.MEDIA.get(image.r2Key);
    expect(object).not.toBeNull();
    expect(object!.httpMetadata?.contentType).toBe("image/png");
    const png = new Uint8Array(await object!.arrayBuffer());
    expect([...png.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
    expect(png.byteLength).toBe(image.bytes);

    // The queue delivers at least once: the same message again must not create or charge a second time.
    const again = await deliver([{ id: "msg-1", body: { jobId, accountId: ownerId } }]);
    expect(again.explicitAcks).toEqual(["msg-1"]);
    expect(await galleryOf(ownerId)).toHaveLength(1);
    const balance = await accountBalance(ownerId, config.credits.freeDaily, chargedAt);
    expect(balance).toMatchObject({ used: 4, remaining: config.credits.freeDaily - 4 });
    expect((await jobOf(ownerId, jobId))?.attempts).toBe(1);
  });

  it("acknowledges a malformed message instead of retrying it forever", async () => {
    const result = await deliver([
      { id: "bad-1", body: { notAJob: true } },
      { id: "bad-2", body: "just a string" },
      // Without the account, the job's object cannot be found (a message sent before the rows moved to it).
      { id: "bad-3", body: { jobId: uniqueId("job") } },
    ]);
    expect(result.outcome).toBe("ok");
    expect([...result.explicitAcks].sort()).toEqual(["bad-1", "bad-2", "bad-3"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("acknowledges a message for a job that does not exist, creating nothing", async () => {
    const jobId = uniqueId("missing-job");
    const accountId = uniqueId("owner");
    const result = await deliver([{ id: "ghost", body: { jobId, accountId } }]);
    expect(result.explicitAcks).toEqual(["ghost"]);
    expect(await galleryOf(accountId)).toEqual([]);
  });
});
