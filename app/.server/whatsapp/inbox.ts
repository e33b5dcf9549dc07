// The WhatsApp inbox queue's consumer (run by the app worker, which has the chat relay, credits, media and image
// queue at hand): each message the webhook worker recorded is claimed once, then linked, refused or answered.
// Messages of one sender are handled in order; different senders in parallel.
import { and, eq, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { ZODIAC_SIGNS } from "../../lib/schemas/horoscope";
import { findLinkCode } from "../../lib/whatsapp";
import { planForUser } from "../billing/subscriptions";
import { getDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { loadConfig } from "../env";
import { answerWithChat } from "./chat";
import { graphClient } from "./graph";
import { inboxMessageSchema, inboxStatusesSchema, type InboxMessage, type StatusUpdate } from "./inbox-message";
import { findLink, linkedAccount, linkWithCode } from "./linking";
import { localeOfNumber, replyText, sendReply, type Conversation } from "./replies";
import { startImage, startPhotoTranslate, storeIncomingPhoto, translateRequest } from "./tasks";
import { answerVoiceNote } from "./voice-notes";

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

/** Turkish names of the signs, so "/horoscope aslan" works as well as "/horoscope leo". */
const TURKISH_SIGNS: Record<string, (typeof ZODIAC_SIGNS)[number]> = {
  koç: "aries",
  boğa: "taurus",
  ikizler: "gemini",
  yengeç: "cancer",
  aslan: "leo",
  başak: "virgo",
  terazi: "libra",
  akrep: "scorpio",
  yay: "sagittarius",
  oğlak: "capricorn",
  kova: "aquarius",
  balık: "pisces",
};

function signFrom(words: string): string | null {
  const word = words.trim().toLocaleLowerCase("tr").split(/\s+/)[0] ?? "";
  const english = word.toLocaleLowerCase("en");
  return (ZODIAC_SIGNS as readonly string[]).includes(english) ? english : (TURKISH_SIGNS[word] ?? null);
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
  const words = (message.type === "text" ? message.text : message.image?.caption) ?? "";

  const code = findLinkCode(words);
  if (code) {
    const linked = await linkWithCode(env, code, message.from);
    if (!linked.ok) {
      await sendReply(conversation, "badCode", { origin });
    } else {
      conversation.locale = linked.user.locale;
      const plan = await planForUser(env, linked.user, Date.now());
      await sendReply(conversation, plan === "pro" ? "linked" : "linkedFree", { name: linked.user.displayName, link: `${origin}/payment` });
    }
    return finish(env.DB, message.id, "done");
  }

  const link = await findLink(env, message.from);
  const user = link ? await linkedAccount(env, link.userId) : null;
  if (!link || !user) {
    await sendReply(conversation, "howToLink", { origin });
    return finish(env.DB, message.id, "done");
  }
  conversation.locale = user.locale;
  const links = schema.whatsappLinks;
  // Never moves back: a late redelivery of an older message does not shorten the reply window.
  await getDb(env)
    .update(links)
    .set({ lastInboundAt: sql`MAX(COALESCE(${links.lastInboundAt}, 0), ${message.sentAt})` })
    .where(eq(links.id, link.id));

  if (words.trim().toLowerCase() === "/new") {
    await getDb(env).update(links).set({ threadId: null }).where(eq(links.id, link.id));
    await sendReply(conversation, "newThread");
    return finish(env.DB, message.id, "done");
  }

  // docs/product.md §6: WhatsApp chat is part of Pro. A Free account (or a Pro one whose subscription ended) is told how to
  // upgrade, and nothing is charged.
  const plan = await planForUser(env, user, Date.now());
  if (plan !== "pro") {
    await sendReply(conversation, "needsPro", { link: `${origin}/payment` });
    return finish(env.DB, message.id, "done");
  }
  const owner = { accountId: user.id, plan };
  const tasksOnly = config.whatsapp.mode === "tasks";

  if (message.type === "image" && message.image) {
    const target = translateRequest(message.image.caption, user.locale) ?? (tasksOnly ? user.locale : null);
    const uploadId = await storeIncomingPhoto(env, conversation, user.id, message.image.mediaId);
    if (!uploadId) return finish(env.DB, message.id, "failed", "whatsapp/media");
    if (target) await startPhotoTranslate(env, config, conversation, owner, uploadId, target);
    else
      await answerWithChat(env, config, conversation, owner, link, {
        text: words.trim() || (await replyText(user.locale, "describePhoto")),
        attachmentId: uploadId,
      });
    return finish(env.DB, message.id, "done");
  }

  if (message.type === "audio" && message.audio && !tasksOnly) {
    await answerVoiceNote(env, config, conversation, owner, link, message.audio.mediaId);
    return finish(env.DB, message.id, "done");
  }

  const command = /^\/(image|horoscope)\b\s*([\s\S]*)$/i.exec(words.trim());
  if (command?.[1]?.toLowerCase() === "image" && command[2]!.trim()) {
    await startImage(env, config, conversation, owner, command[2]!.trim().slice(0, 1000));
    return finish(env.DB, message.id, "done");
  }
  if (command?.[1]?.toLowerCase() === "horoscope") {
    const sign = signFrom(command[2] ?? "");
    if (!sign) await sendReply(conversation, "badSign");
    else await answerWithChat(env, config, conversation, owner, link, { text: "", horoscopeSign: sign });
    return finish(env.DB, message.id, "done");
  }

  if (message.type !== "text" || !words.trim() || tasksOnly) {
    // `tasks` mode (Meta's terms for AI assistants, decision 0010): anything but a task gets the menu of tasks.
    await sendReply(conversation, tasksOnly ? "tasksMenu" : "unsupported");
    return finish(env.DB, message.id, "done");
  }
  await answerWithChat(env, config, conversation, owner, link, { text: words.trim() });
  return finish(env.DB, message.id, "done");
}
