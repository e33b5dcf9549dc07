// The one loop every queue consumer runs (image jobs, data exports, memory extraction, account moves, document reads):
// a body that is not this queue's message is logged and acknowledged (a redelivery could not make it valid), each other
// is handled once, and "retry" hands it back to the queue with a growing delay (its retries and dead-letter queue are
// wrangler.toml's). A batch's messages are handled at the same time, each acknowledged or retried by itself, so a
// batch takes the time of its slowest message, not the sum (decision 0026, "Capacity model"); messages with the same
// `serialKey` (one account's memory extractions) still run one after another, in the batch's order. A message for an
// account being deleted (its object refuses, account/tombstone.ts) is acknowledged: nothing of it is written, and no
// redelivery could change that (decision 0033).
import { isAccountDeleted } from "./account/tombstone";

/** What became of one message: done (acknowledged) or to be delivered again. */
export type MessageOutcome = "done" | "retry";

export interface QueueConsumer<Message> {
  /** The queue's name, for the log. */
  name: string;
  isMessage: (body: unknown) => body is Message;
  handle: (message: Message, attempts: number) => Promise<MessageOutcome>;
  /** Seconds before the next delivery, from the attempts made so far. */
  retryDelaySeconds: (attempts: number) => number;
  /** Messages with the same key are handled one after another (none: every message at once). */
  serialKey?: (message: Message) => string;
}

type Delivery = MessageBatch<unknown>["messages"][number];

export async function consumeEach<Message>(batch: MessageBatch<unknown>, consumer: QueueConsumer<Message>): Promise<void> {
  const handleOne = async (message: Message, delivery: Delivery) => {
    let outcome: MessageOutcome;
    try {
      outcome = await consumer.handle(message, delivery.attempts);
    } catch (error) {
      if (isAccountDeleted(error)) {
        console.log(`${consumer.name}: the account is being deleted, message dropped`, delivery.id);
        outcome = "done";
      } else {
        // One message's failure retries that message only; the others' outcomes stand.
        console.error(`${consumer.name}: message failed, delivered again`, delivery.id, error);
        outcome = "retry";
      }
    }
    if (outcome === "retry") delivery.retry({ delaySeconds: consumer.retryDelaySeconds(delivery.attempts) });
    else delivery.ack();
  };
  const running: Promise<void>[] = [];
  const serial = new Map<string, Promise<void>>();
  for (const delivery of batch.messages) {
    const body = delivery.body;
    if (!consumer.isMessage(body)) {
      console.error(`${consumer.name}: dropping malformed message`, delivery.id);
      delivery.ack();
      continue;
    }
    const key = consumer.serialKey?.(body);
    if (key === undefined) {
      running.push(handleOne(body, delivery));
      continue;
    }
    const next = (serial.get(key) ?? Promise.resolve()).then(() => handleOne(body, delivery));
    serial.set(key, next);
    running.push(next);
  }
  await Promise.all(running);
}
