// The WhatsApp inbox queue's consumer (run by the app worker, which has the chat turn, credits, media and image
// queue at hand): the webhook worker only queues; here each message's wamid is claimed once in its number's object
// (number-object.ts, decision 0036), parsed into a command (commands.ts) and handled (command-handlers.ts), and
// delivery statuses are recorded in the objects of the numbers they went to. Nothing here reads or writes D1 once a
// number's link is known to its object. Messages of one sender are handled in order; different senders in parallel.
import type { AppConfig, AppEnv } from "../env";
import { loadConfig } from "../env";
import { isAccountDeleted } from "../account/tombstone";
import { applyBillingSignals, repliesPause } from "./billing-pause";
import { runCommand } from "./command-handlers";
import { parseCommand } from "./commands";
import { graphClient } from "./graph";
import { inboxMessageSchema, inboxStatusesSchema, type InboxMessage, type StatusUpdate } from "./inbox-message";
import { numberObject } from "./number";
import { localeOfNumber, type Conversation } from "./replies";

export const WHATSAPP_INBOX_QUEUE = "whatsapp-inbox";

/** Each status in the object of the number the reply went to; then what they say about Meta's billing (billing-pause.ts). */
async function recordStatuses(env: AppEnv, config: AppConfig, statuses: StatusUpdate[]) {
  const byNumber = new Map<string, StatusUpdate[]>();
  for (const status of statuses) {
    if (!status.recipient) continue;
    byNumber.set(status.recipient, [...(byNumber.get(status.recipient) ?? []), status]);
  }
  await Promise.all(
    [...byNumber].map(([phone, list]) => numberObject(env, phone).recordStatuses(list.map(({ id, status, errorCode }) => ({ id, status, errorCode })))),
  );
  await applyBillingSignals(env, config, statuses);
}

export async function processInbox(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const config = loadConfig(env);
  const bySender = new Map<string, { message: Message<unknown>; body: InboxMessage }[]>();
  const statusWrites: Promise<void>[] = [];
  for (const message of batch.messages) {
    const statuses = inboxStatusesSchema.safeParse(message.body);
    if (statuses.success) {
      statusWrites.push(
        recordStatuses(env, config, statuses.data.statuses).then(
          () => message.ack(),
          (error: unknown) => {
            console.error("whatsapp: statuses not recorded; the queue will retry", error);
            message.retry({ delaySeconds: 5 });
          },
        ),
      );
      continue;
    }
    const parsed = inboxMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("whatsapp: dropping malformed inbox message", message.id);
      message.ack();
      continue;
    }
    const list = bySender.get(parsed.data.from) ?? [];
    list.push({ message, body: parsed.data });
    bySender.set(parsed.data.from, list);
  }
  await Promise.all([
    ...statusWrites,
    ...[...bySender.values()].map(async (messages) => {
      for (const { message, body } of messages) {
        try {
          await handleInbound(env, config, body);
          message.ack();
        } catch (error) {
          // The number's account is being deleted (decision 0033): nothing of the message is kept, nothing to retry.
          if (isAccountDeleted(error)) {
            message.ack();
            continue;
          }
          console.error("whatsapp: answering failed; the queue will retry", body.id, error);
          await numberObject(env, body.from)
            .release(body.id)
            .catch(() => undefined);
          message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
        }
      }
    }),
  ]);
}

export async function handleInbound(env: AppEnv, config: AppConfig, message: InboxMessage): Promise<void> {
  const number = numberObject(env, message.from);
  // The primary key of the object's messages makes every other delivery of it (Meta's redeliveries, the queue's
  // at-least-once) find it taken or answered; a claim left by a crashed consumer is taken again after 10 minutes.
  const { claimed, known } = await number.begin(message.id, message.sentAt);
  if (!claimed) return;
  if (!config.whatsapp.sending) {
    console.error("whatsapp: a message arrived but replies cannot be sent (WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID)");
    await number.finish(message.id, "failed", "whatsapp/not-configured");
    return;
  }
  const graph = graphClient(config.whatsapp);
  // Blue ticks and "typing…" while the answer is made; a courtesy, so its failure changes nothing.
  await graph.markRead(message.id).catch((error: unknown) => console.warn("whatsapp: mark read failed", message.id, error));

  const conversation: Conversation = {
    number,
    graph,
    to: message.from,
    inboundId: message.id,
    sentAt: message.sentAt,
    locale: localeOfNumber(message.from),
    paused: (await repliesPause(env, config)) !== null,
  };
  const origin = config.appOrigin ?? (config.isProduction ? "" : (message.origin ?? ""));
  const command = parseCommand(message, config.whatsapp.mode === "tasks");
  const outcome = await runCommand({ env, config, message, conversation, origin, known }, command);
  if (outcome.status === "failed") await number.finish(message.id, "failed", outcome.errorCode);
  else await number.finish(message.id, "done");
}
