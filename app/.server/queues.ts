// Every queue the app's workers consume, by name, and its consumer (decision 0019, "The edge is built once"): the
// deployed worker (workers/app.ts, through the server build) and the development services worker (workers/services.ts)
// both route a batch here, so a new queue is one line in this table and one [[queues.consumers]] in wrangler.toml and
// workers/services.wrangler.toml (tests/integration/queue-routing.test.ts compares the three). The document reads are
// the document-reader worker's own (decision 0031).
import { ACCOUNT_DELETIONS_QUEUE, processAccountDeletions } from "./account/deletion";
import { ACCOUNT_MOVES_QUEUE, processAccountMoves } from "./account/moves";
import { loadConfig, workerEnv, type AppEnv } from "./env";
import { processDataExports } from "./exports/consumer";
import { DATA_EXPORTS_QUEUE } from "./exports/messages";
import { DEAD_LETTER_QUEUE, IMAGE_JOBS_QUEUE, processImageJobs } from "./images/consumer";
import { isImageJobMessage } from "./images/messages";
import { MEMORY_JOBS_QUEUE, processMemoryJobs } from "./memory/jobs";
import { processInbox, WHATSAPP_INBOX_QUEUE } from "./whatsapp/inbox";
import { deliverJobResults } from "./whatsapp/tasks";

type Consumer = (batch: MessageBatch<unknown>, env: AppEnv) => Promise<void>;

/** Image jobs and their dead letters; jobs started from WhatsApp (photo translate, /image) send their result back to the chat once they end. */
const imageJobs: Consumer = async (batch, env) => {
  await processImageJobs(batch, env);
  const jobs = batch.messages.flatMap((message) => (isImageJobMessage(message.body) ? [message.body] : []));
  await deliverJobResults(env, loadConfig(env), jobs);
};

export const QUEUE_CONSUMERS: Record<string, Consumer> = {
  [IMAGE_JOBS_QUEUE]: imageJobs,
  [DEAD_LETTER_QUEUE]: imageJobs,
  [DATA_EXPORTS_QUEUE]: processDataExports,
  [MEMORY_JOBS_QUEUE]: processMemoryJobs,
  [WHATSAPP_INBOX_QUEUE]: processInbox,
  [ACCOUNT_MOVES_QUEUE]: processAccountMoves,
  [ACCOUNT_DELETIONS_QUEUE]: processAccountDeletions,
};

/**
 * A worker's queue handler: the batch goes to its queue's consumer. A queue with none is refused (the queue retries it,
 * then dead-letters or drops it by its own settings), never handed to another consumer that would acknowledge its
 * messages unread.
 */
export async function routeQueue(batch: MessageBatch<unknown>, env: object): Promise<void> {
  const consumer = Object.hasOwn(QUEUE_CONSUMERS, batch.queue) ? QUEUE_CONSUMERS[batch.queue] : undefined;
  if (!consumer) throw new Error(`queues: no consumer for the queue "${batch.queue}" (app/.server/queues.ts)`);
  await consumer(batch, workerEnv(env));
}
