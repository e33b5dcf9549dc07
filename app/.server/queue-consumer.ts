// The one loop every queue consumer runs (image jobs, data exports, memory extraction, account moves, document reads):
// a body that is not this queue's message is logged and acknowledged (a redelivery could not make it valid), each other
// is handled once, and "retry" hands it back to the queue with a growing delay (its retries and dead-letter queue are
// wrangler.toml's). A message for an account being deleted (its object refuses, account/tombstone.ts) is acknowledged:
// nothing of it is written, and no redelivery could change that (decision 0033).
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
}

export async function consumeEach<Message>(batch: MessageBatch<unknown>, consumer: QueueConsumer<Message>): Promise<void> {
  for (const message of batch.messages) {
    if (!consumer.isMessage(message.body)) {
      console.error(`${consumer.name}: dropping malformed message`, message.id);
      message.ack();
      continue;
    }
    let outcome: MessageOutcome;
    try {
      outcome = await consumer.handle(message.body, message.attempts);
    } catch (error) {
      if (!isAccountDeleted(error)) throw error;
      console.log(`${consumer.name}: the account is being deleted, message dropped`, message.id);
      outcome = "done";
    }
    if (outcome === "retry") message.retry({ delaySeconds: consumer.retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}
