// A queue batch is handled at once (app/.server/queue-consumer.ts, decision 0026 "Capacity model"): every message
// starts before any ends, each is acknowledged or retried by itself (a throw retries only its own), and messages with
// the same serial key run one after another.
import { describe, expect, it } from "vitest";
import { consumeEach } from "../../app/.server/queue-consumer";

type Job = { id: string; account: string };

function batchOf(bodies: unknown[]) {
  const outcomes = new Map<string, string>();
  const messages = bodies.map((body, index) => ({
    id: `m${index}`,
    timestamp: new Date(0),
    body,
    attempts: 1,
    ack: () => outcomes.set(`m${index}`, "ack"),
    retry: (options?: { delaySeconds?: number }) => outcomes.set(`m${index}`, `retry ${options?.delaySeconds ?? 0}`),
  }));
  return { batch: { queue: "test", messages, retryAll: () => {}, ackAll: () => {} } as unknown as MessageBatch<unknown>, outcomes };
}

/** A handler whose calls wait until released, so a test sees which have started. */
function gatedHandler(count: number) {
  const started: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let allStarted!: () => void;
  const everyoneIn = new Promise<void>((resolve) => (allStarted = resolve));
  const handle = async (job: Job) => {
    started.push(job.id);
    if (started.length === count) allStarted();
    await gate;
    if (job.id === "boom") throw new Error("upstream went away");
    return job.id === "again" ? ("retry" as const) : ("done" as const);
  };
  return { started, release, everyoneIn, handle };
}

const isJob = (body: unknown): body is Job => typeof body === "object" && body !== null && "id" in body;

describe("consumeEach", () => {
  it("starts every message of a batch before any finishes, and settles each by itself", async () => {
    const ids = ["a", "b", "boom", "again", "c", "d", "e", "f", "g", "h"];
    const { batch, outcomes } = batchOf([...ids.map((id) => ({ id, account: id })), "not a job"]);
    const handler = gatedHandler(ids.length);
    const consumed = consumeEach(batch, { name: "test", isMessage: isJob, handle: handler.handle, retryDelaySeconds: (attempts) => 10 * attempts });
    await handler.everyoneIn;
    expect(handler.started).toHaveLength(10);
    handler.release();
    await consumed;
    expect(outcomes.get("m0")).toBe("ack");
    expect(outcomes.get("m2")).toBe("retry 10");
    expect(outcomes.get("m3")).toBe("retry 10");
    expect(outcomes.get("m9")).toBe("ack");
    // The malformed body is dropped (acknowledged), never handled.
    expect(outcomes.get("m10")).toBe("ack");
  });

  it("runs one serial key's messages in the batch's order, other keys alongside", async () => {
    const order: string[] = [];
    const { batch, outcomes } = batchOf([
      { id: "x1", account: "x" },
      { id: "y1", account: "y" },
      { id: "x2", account: "x" },
    ]);
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let secondAccountDone!: () => void;
    const yDone = new Promise<void>((resolve) => (secondAccountDone = resolve));
    const consumed = consumeEach(batch, {
      name: "test",
      isMessage: isJob,
      serialKey: (job) => job.account,
      retryDelaySeconds: () => 1,
      handle: async (job) => {
        order.push(`start ${job.id}`);
        if (job.id === "x1") await firstHeld;
        if (job.id === "y1") secondAccountDone();
        order.push(`end ${job.id}`);
        return "done";
      },
    });
    // y1 finishes while x1 is held: other keys do not wait; x2 has not started.
    await yDone;
    expect(order).toEqual(["start x1", "start y1", "end y1"]);
    releaseFirst();
    await consumed;
    expect(order).toEqual(["start x1", "start y1", "end y1", "end x1", "start x2", "end x2"]);
    expect([...outcomes.values()]).toEqual(["ack", "ack", "ack"]);
  });
});
