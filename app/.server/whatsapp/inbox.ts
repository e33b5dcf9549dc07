// The WhatsApp inbox queue's consumer (run by the app worker, which has the chat turn, credits, media and image
// queue at hand): the webhook worker only queues; here each message's wamid is recorded and claimed once in D1,
// parsed into a command (commands.ts) and handled (command-handlers.ts), and delivery statuses are recorded.
// Messages of one sender are handled in order; different senders in parallel.
import { and, eq, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AppConfig, AppEnv } from "../env";
import { loadConfig } from "../env";
import { isAccountDeleted } from "../account/tombstone";
import { getDb, schema } from "../db";
import { runCommand } from "./command-handlers";
import { parseCommand } from "./commands";
import { graphClient } from "./graph";
import { inboxMessageSchema, inboxStatusesSchema, type InboxMessage, type StatusUpdate } from "./inbox-message";
import { localeOfNumber, type Conversation } from "./replies";

export const WHATSAPP_INBOX_QUEUE = "whatsapp-inbox";
/** A message claimed this long ago without finishing was lost with its worker: it may be claimed again. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * Statuses only move forward (sent < delivered < read; failed is final), whatever order Meta delivers them in. A
 * status that arrives before its send was recorded makes the row, and the send fills in the rest.
 */
function statusRank(status: SQL | AnyColumn): SQL {
  return sql`(CASE ${status} WHEN 'sent' THEN 1 WHEN 'delivered' THEN 2 WHEN 'read' THEN 3 ELSE 0 END)`;
}

async function recordStatuses(db: D1Database, statuses: StatusUpdate[]) {
  const now = Date.now();
  const orm = getDb({ DB: db });
  const replies = schema.whatsappReplies;
  const upserts = statuses.map((status) =>
    orm
      .insert(replies)
      .values({ id: status.id, status: status.status, errorCode: status.errorCode, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: replies.id,
        set: { status: sql`excluded.status`, errorCode: sql`excluded.error_code`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${replies.status} <> 'failed' AND (excluded.status = 'failed' OR ${statusRank(sql`excluded.status`)} > ${statusRank(replies.status)})`,
      }),
  );
  const [first, ...rest] = upserts;
  if (first) await orm.batch([first, ...rest]);
}

export async function processInbox(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  const config = loadConfig(env);
  const bySender = new Map<string, { message: Message<unknown>; body: InboxMessage }[]>();
  const statusWrites: Promise<void>[] = [];
  for (const message of batch.messages) {
    const statuses = inboxStatusesSchema.safeParse(message.body);
    if (statuses.success) {
      statusWrites.push(
        recordStatuses(env.DB, statuses.data.statuses).then(
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
          await getDb(env)
            .update(schema.whatsappMessages)
            .set({ status: "queued", updatedAt: Date.now() })
            .where(eq(schema.whatsappMessages.id, body.id))
            .catch(() => undefined);
          message.retry({ delaySeconds: Math.min(300, 5 * 2 ** message.attempts) });
        }
      }
    }),
  ]);
}

/**
 * Records the wamid and takes the message for this delivery, in one statement: the primary key makes every other
 * delivery of it (Meta's redeliveries, the queue's at-least-once) find it taken or answered. False then.
 */
async function claim(db: D1Database, message: InboxMessage, now: number): Promise<boolean> {
  const messages = schema.whatsappMessages;
  const row = await getDb({ DB: db })
    .insert(messages)
    .values({ id: message.id, phone: message.from, receivedAt: now, type: message.type, status: "processing", updatedAt: now })
    .onConflictDoUpdate({
      target: messages.id,
      set: { status: "processing", updatedAt: sql`excluded.updated_at` },
      setWhere: or(eq(messages.status, "queued"), and(eq(messages.status, "processing"), lt(messages.updatedAt, now - STALE_CLAIM_MS))),
    })
    .returning({ id: messages.id })
    .get();
  return row !== undefined;
}

async function finish(db: D1Database, id: string, status: "done" | "failed", errorCode: string | null = null) {
  await getDb({ DB: db }).update(schema.whatsappMessages).set({ status, errorCode, updatedAt: Date.now() }).where(eq(schema.whatsappMessages.id, id));
}

export async function handleInbound(env: AppEnv, config: AppConfig, message: InboxMessage): Promise<void> {
  if (!(await claim(env.DB, message, Date.now()))) return;
  if (!config.whatsapp.sending) {
    console.error("whatsapp: a message arrived but replies cannot be sent (WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID)");
    await finish(env.DB, message.id, "failed", "whatsapp/not-configured");
    return;
  }
  const graph = graphClient(config.whatsapp);
  // Blue ticks and "typing…" while the answer is made; a courtesy, so its failure changes nothing.
  await graph.markRead(message.id).catch((error: unknown) => console.warn("whatsapp: mark read failed", message.id, error));

  const conversation: Conversation = {
    db: env.DB,
    graph,
    to: message.from,
    inboundId: message.id,
    sentAt: message.sentAt,
    locale: localeOfNumber(message.from),
  };
  const origin = config.appOrigin ?? (config.isProduction ? "" : (message.origin ?? ""));
  const command = parseCommand(message, config.whatsapp.mode === "tasks");
  const outcome = await runCommand({ env, config, message, conversation, origin }, command);
  if (outcome.status === "failed") await finish(env.DB, message.id, "failed", outcome.errorCode);
  else await finish(env.DB, message.id, "done");
}
