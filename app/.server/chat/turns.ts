// A chat turn, end to end on the server: check the model and plan, charge the credit (idempotent by request id),
// write the question and an empty streaming answer, and hand the generation to the message's ChatRelay.
import { and, desc, eq, gt } from "drizzle-orm";
import type { ChatRequest } from "../../lib/schemas/chat";
import { CHAT_TITLE_MAX } from "../../lib/constants";
import { findModel } from "../../lib/models";
import { availableModels, resolveTarget } from "../ai/providers";
import type { ChatTurn } from "../ai/stream";
import { consumeCredits, refundCredits, type Plan } from "../credits";
import { getDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { demoReply } from "./demo-reply";
import type { Locale } from "../../lib/constants";

/** How many earlier messages are sent as context. */
const CONTEXT_MESSAGES = 30;

export interface TurnOwner {
  accountId: string;
  plan: Plan;
}

export interface StartedTurn {
  threadId: string;
  messageId: string;
  userMessageId: string | null;
  created: boolean;
}

/** SPEC §5: a title of at most 50 characters, made from the first question. */
export function titleFrom(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  if (flat.length <= CHAT_TITLE_MAX) return flat || "…";
  const cut = flat.slice(0, CHAT_TITLE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

async function imageDataUrl(env: AppEnv, ownerId: string, attachmentId: string): Promise<string | undefined> {
  const upload = await getDb(env).query.uploads.findFirst({
    where: and(eq(schema.uploads.id, attachmentId), eq(schema.uploads.ownerId, ownerId)),
  });
  if (!upload) return undefined;
  const object = await env.MEDIA.get(upload.r2Key);
  if (!object) return undefined;
  const bytes = new Uint8Array(await object.arrayBuffer());
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return `data:${upload.contentType};base64,${btoa(binary)}`;
}

export async function startTurn(
  env: AppEnv,
  config: AppConfig,
  owner: TurnOwner,
  request: ChatRequest,
  options: { locale: Locale; now?: number },
): Promise<StartedTurn> {
  const db = getDb(env);
  const { chatThreads, chatMessages } = schema;
  const model = findModel(request.model);
  if (!model || !availableModels(env).some((candidate) => candidate.id === model.id)) throw new AppError("chat/model-unavailable");
  if (model.tier === "pro" && owner.plan !== "pro") throw new AppError("plan/pro-required");

  // A retried request (same id) joins the answer it already started instead of charging again.
  const creditKey = `chat:${request.requestId}`;
  const existing = await db.query.chatMessages.findFirst({ where: eq(chatMessages.creditKey, creditKey) });
  if (existing) return { threadId: existing.threadId, messageId: existing.id, userMessageId: null, created: false };

  let thread = request.threadId
    ? await db.query.chatThreads.findFirst({ where: and(eq(chatThreads.id, request.threadId), eq(chatThreads.ownerId, owner.accountId)) })
    : undefined;
  if (request.threadId && !thread) throw new AppError("chat/not-found");
  if (request.mode !== "send" && !thread) throw new AppError("request/invalid");
  if (request.mode !== "regenerate" && !request.message) throw new AppError("request/invalid");

  const charge = await consumeCredits(env, config, { accountId: owner.accountId, plan: owner.plan, action: "chat", key: creditKey, now: options.now });
  if (!charge.ok) throw new AppError("credits/exhausted", { details: { resetsAt: String(charge.balance.resetsAt) } });
  if (charge.duplicate) {
    // The same request is being started right now (a double submit): join its answer, never make a second one.
    const same = await awaitMessageFor(env, creditKey);
    if (!same) throw new AppError("chat/interrupted");
    return { threadId: same.threadId, messageId: same.id, userMessageId: null, created: false };
  }

  try {
    const now = Date.now();
    if (!thread) {
      const created = { id: crypto.randomUUID(), ownerId: owner.accountId, tool: "web-main", title: titleFrom(request.message ?? ""), createdAt: now, updatedAt: now };
      await db.insert(chatThreads).values(created);
      thread = { ...created, toolPath: null, starred: false };
    }
    let userMessageId: string | null = null;
    if (request.mode === "send") {
      userMessageId = crypto.randomUUID();
      await db.insert(chatMessages).values({
        id: userMessageId,
        threadId: thread.id,
        role: "user",
        content: request.message ?? "",
        attachmentId: request.attachmentId ?? null,
        createdAt: now,
        updatedAt: now,
      });
    } else {
      await rewindToLastQuestion(env, thread.id, request.mode === "edit" ? request.message : undefined);
    }
    const messageId = crypto.randomUUID();
    await db.insert(chatMessages).values({
      id: messageId,
      threadId: thread.id,
      role: "assistant",
      model: model.id,
      status: "streaming",
      creditKey,
      createdAt: now + 1,
      updatedAt: now + 1,
    });
    await db.update(chatThreads).set({ updatedAt: now }).where(eq(chatThreads.id, thread.id));

    const turns = await contextFor(env, owner.accountId, thread.id);
    const target = resolveTarget(env, model.id);
    if (!target) throw new AppError("chat/model-unavailable");
    const lastQuestion = [...turns].reverse().find((turn) => turn.role === "user")?.content ?? "";
    const relay = env.CHAT_RELAY.get(env.CHAT_RELAY.idFromName(messageId));
    await relay.start({
      messageId,
      threadId: thread.id,
      ownerId: owner.accountId,
      creditKey,
      target,
      turns,
      reasoning: model.reasoning,
      demoReply: target.kind === "demo" ? demoReply(lastQuestion, model, options.locale, turns.some((turn) => turn.imageDataUrl)) : undefined,
    });
    return { threadId: thread.id, messageId, userMessageId, created: true };
  } catch (error) {
    await refundCredits(env, owner.accountId, creditKey);
    throw error;
  }
}

/**
 * The answer of a request id charged by a concurrent request, once that request has written its row and started
 * its relay (so a reader joining it gets the live stream). Bounded: about 2 s.
 */
async function awaitMessageFor(env: AppEnv, creditKey: string) {
  const { chatMessages } = schema;
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await getDb(env).query.chatMessages.findFirst({ where: eq(chatMessages.creditKey, creditKey) });
    if (row && row.status !== "streaming") return row;
    if (row && (await env.CHAT_RELAY.get(env.CHAT_RELAY.idFromName(row.id)).state()).status !== "idle") return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

/** Regenerate/edit: drop everything after the last question (optionally replacing its text). */
async function rewindToLastQuestion(env: AppEnv, threadId: string, newText: string | undefined) {
  const db = getDb(env);
  const { chatMessages } = schema;
  const lastQuestion = await db.query.chatMessages.findFirst({
    where: and(eq(chatMessages.threadId, threadId), eq(chatMessages.role, "user")),
    orderBy: desc(chatMessages.createdAt),
  });
  if (!lastQuestion) throw new AppError("request/invalid");
  await db.delete(chatMessages).where(and(eq(chatMessages.threadId, threadId), gt(chatMessages.createdAt, lastQuestion.createdAt)));
  if (newText !== undefined) {
    await db.update(chatMessages).set({ content: newText, updatedAt: Date.now() }).where(eq(chatMessages.id, lastQuestion.id));
  }
}

async function contextFor(env: AppEnv, ownerId: string, threadId: string): Promise<ChatTurn[]> {
  const { chatMessages } = schema;
  const rows = await getDb(env)
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.threadId, threadId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(CONTEXT_MESSAGES + 1);
  const history = rows.reverse().filter((row) => row.content.length > 0 && row.status !== "streaming");
  const lastUserIndex = history.map((row) => row.role).lastIndexOf("user");
  return Promise.all(
    history.map(async (row, index) => ({
      role: row.role,
      content: row.content,
      imageDataUrl: index === lastUserIndex && row.attachmentId ? await imageDataUrl(env, ownerId, row.attachmentId) : undefined,
    })),
  );
}
