// A chat turn, end to end on the server: check the model and plan, charge the credit (idempotent by request id)
// while the thread and its recent messages load, then hand everything to the answer's ChatRelay in one call. The
// relay starts the upstream request at once and writes the turn's rows beside it, so the first token waits only
// for the reads it truly needs (measured by `npm run bench`: time added to the first token).
import { and, desc, eq } from "drizzle-orm";
import type { ChatRequest } from "../../lib/schemas/chat";
import { CHAT_TITLE_MAX, type CreditAction, type Locale } from "../../lib/constants";
import { findModel } from "../../lib/models";
import { availableModels, resolveTarget } from "../ai/providers";
import type { ChatTurn } from "../ai/stream";
import { consumeCredits, refundCredits, type Plan } from "../credits";
import { getDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { demoReply } from "./demo-reply";
import { joinAnswer } from "./join";
import type { TurnWrites } from "./messages";
import { sameOwner } from "./owner-hint";
import { relayFor } from "./relay";

/** How many earlier messages are sent as context. */
const CONTEXT_MESSAGES = 30;

export interface TurnOwner {
  accountId: string;
  plan: Plan;
}

/**
 * What a tool (horoscope, web search) adds to a turn. Everything here is built on the server from the tool's
 * validated input; the client only names the tool and sends the form.
 */
export interface ToolTurn {
  tool: "horoscope" | "web-search";
  /** The horoscope type or search category: a thread continues only with the same tool and path. */
  toolPath: string;
  /** The credit action charged for each turn of this tool. */
  action: CreditAction;
  /** System text for the model (facts computed on the server, the tool's rules, the answer language). */
  instructions: string;
  /** "web-search": the Responses API with its web_search tool, and the cited sources appended to the answer. */
  kind: "chat" | "web-search";
  /** The tool's own model (web search: gpt-4.1, SPEC §9), used instead of the request's and open to every plan. */
  fixedModel?: string;
  /** A first turn made from the tool's form: the question saved and sent, the thread title, the demo reply. */
  opening?: { question: string; title: string; demoReply: string };
  /** The demo provider's reply to any later turn (follow-up, regenerate, edit), given its question. */
  demoReply: (question: string) => string;
  /** The heading of the sources list appended to a web search answer, in the user's language. */
  sourcesLabel?: string;
}

export interface StartedTurn {
  threadId: string;
  messageId: string;
  /** The answer as Server-Sent Events (live, or the saved answer for a repeated request). */
  stream: ReadableStream<Uint8Array>;
}

/** SPEC §5: a title of at most 50 characters, made from the first question. */
export function titleFrom(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  if (flat.length <= CHAT_TITLE_MAX) return flat || "…";
  const cut = flat.slice(0, CHAT_TITLE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

async function imageDataUrl(env: AppEnv, ownerId: string, attachmentId: string | null): Promise<string | undefined> {
  if (!attachmentId) return undefined;
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

/** The thread (if the viewer owns it) and its latest messages, oldest first, in one round trip. */
async function loadThread(env: AppEnv, ownerId: string, threadId: string) {
  const db = getDb(env);
  const { chatThreads, chatMessages } = schema;
  const [threads, recent] = await db.batch([
    db.select().from(chatThreads).where(and(eq(chatThreads.id, threadId), eq(chatThreads.ownerId, ownerId))),
    db.select().from(chatMessages).where(eq(chatMessages.threadId, threadId)).orderBy(desc(chatMessages.createdAt)).limit(CONTEXT_MESSAGES + 1),
  ]);
  return threads[0] ? { thread: threads[0], messages: recent.reverse() } : null;
}

export async function startTurn(
  env: AppEnv,
  config: AppConfig,
  owner: TurnOwner | Promise<TurnOwner>,
  request: ChatRequest,
  options: { locale: Locale; now?: number; tool?: ToolTurn; ownerHint?: TurnOwner },
): Promise<StartedTurn> {
  const { tool } = options;
  const model = findModel(tool?.fixedModel ?? request.model);
  if (!model || !availableModels(env).some((candidate) => candidate.id === model.id)) throw new AppError("chat/model-unavailable");
  const proRequired = (who: TurnOwner) => !tool?.fixedModel && model.tier === "pro" && who.plan !== "pro";
  if (request.mode !== "send" && !request.threadId) throw new AppError("request/invalid");
  if (tool && (request.attachmentId || (tool.opening && (request.mode !== "send" || request.threadId)))) throw new AppError("request/invalid");
  const message = tool?.opening?.question ?? request.message;
  if (request.mode !== "regenerate" && !message) throw new AppError("request/invalid");
  const target = resolveTarget(env, model.id);
  if (!target) throw new AppError("chat/model-unavailable");

  // The credit key is the request id: a retried request is charged once and joins the answer it started.
  const creditKey = `${tool?.action ?? "chat"}:${request.requestId}`;
  const chargeFor = (who: TurnOwner) =>
    consumeCredits(env, config, { accountId: who.accountId, plan: who.plan, action: tool?.action ?? "chat", key: creditKey, now: options.now });
  // With a hint of the owner (owner-hint.ts) the charge starts while the session is still being read. It is kept
  // when the session agrees; otherwise it is given back (once) and the real owner is charged, after the plan check.
  const hint = options.ownerHint && !proRequired(options.ownerHint) ? options.ownerHint : undefined;
  const early = hint ? chargeFor(hint) : undefined;
  early?.catch(() => undefined);
  let released: Promise<void> | undefined;
  const releaseEarly = () =>
    (released ??= (async () => {
      const result = await early?.catch(() => undefined);
      if (hint && result?.ok && !result.duplicate) await refundCredits(env, hint.accountId, creditKey);
    })());
  const ownerReady = Promise.resolve(owner);
  // Settles to the charge on the real owner, or to nothing when the plan does not allow the model.
  const charged = ownerReady.then(async (known) => {
    if (early && hint && sameOwner(hint, known)) return early;
    await releaseEarly();
    return proRequired(known) ? undefined : chargeFor(known);
  });
  let who: TurnOwner;
  let charge: Awaited<ReturnType<typeof chargeFor>> | undefined;
  let loaded: Awaited<ReturnType<typeof loadThread>>;
  let attachedImage: string | undefined;
  try {
    [who, charge, loaded, attachedImage] = await Promise.all([
      ownerReady,
      charged,
      request.threadId ? ownerReady.then((known) => loadThread(env, known.accountId, request.threadId!)) : null,
      request.mode === "send" && request.attachmentId ? ownerReady.then((known) => imageDataUrl(env, known.accountId, request.attachmentId!)) : undefined,
    ]);
  } catch (error) {
    // Whatever was charged before the failure is given back.
    const made = await charged.catch(() => undefined);
    if (made?.ok && !made.duplicate) await refundCredits(env, (await ownerReady).accountId, creditKey);
    else await releaseEarly();
    throw error;
  }
  if (!charge) throw new AppError("plan/pro-required");
  if (!charge.ok) throw new AppError("credits/exhausted", { details: { resetsAt: String(charge.balance.resetsAt) } });
  if (charge.duplicate) {
    const same = await awaitMessageFor(env, who.accountId, creditKey);
    if (!same) throw new AppError("chat/interrupted");
    return { threadId: same.threadId, messageId: same.id, stream: await joinAnswer(env, who.accountId, same) };
  }

  try {
    if (request.threadId && !loaded) throw new AppError("chat/not-found");
    // A tool's thread continues only with that tool (its instructions and charge follow the thread's tool).
    if (loaded && (loaded.thread.tool !== (tool?.tool ?? "web-main") || (tool && loaded.thread.toolPath !== tool.toolPath))) throw new AppError("request/invalid");
    const now = options.now ?? Date.now();
    const threadId = loaded?.thread.id ?? crypto.randomUUID();
    const messageId = crypto.randomUUID();
    const history = (loaded?.messages ?? []).filter((row) => row.content.length > 0 && row.status !== "streaming");
    const writes: TurnWrites = {
      threadId,
      now,
      answer: { id: messageId, model: model.id, creditKey },
      newThread: loaded
        ? undefined
        : { ownerId: who.accountId, tool: tool?.tool ?? "web-main", toolPath: tool?.toolPath ?? null, title: titleFrom(tool?.opening?.title ?? message ?? "") },
    };

    let turns: ChatTurn[];
    if (request.mode === "send") {
      writes.question = { id: crypto.randomUUID(), content: message ?? "", attachmentId: request.attachmentId ?? null };
      turns = [...history.map(({ role, content }) => ({ role, content })), { role: "user", content: message ?? "", imageDataUrl: attachedImage }];
    } else {
      const lastQuestion = history.map((row) => row.role).lastIndexOf("user");
      const question = history[lastQuestion];
      if (!question) throw new AppError("request/invalid");
      const text = request.mode === "edit" ? (request.message ?? question.content) : question.content;
      writes.rewind = { questionId: question.id, questionCreatedAt: question.createdAt, newText: request.mode === "edit" ? text : undefined };
      turns = [
        ...history.slice(0, lastQuestion).map(({ role, content }) => ({ role, content })),
        { role: "user", content: text, imageDataUrl: await imageDataUrl(env, who.accountId, question.attachmentId) },
      ];
    }

    const lastQuestion = turns[turns.length - 1]?.content ?? "";
    const stream = await relayFor(env, who.accountId).start({
        messageId,
        threadId,
        ownerId: who.accountId,
        creditKey,
        target,
        turns,
        reasoning: model.reasoning,
        demoReply: target.kind === "demo" ? demoFor(tool, lastQuestion, () => demoReply(lastQuestion, model, options.locale, Boolean(turns[turns.length - 1]?.imageDataUrl))) : undefined,
        kind: tool?.kind ?? "chat",
        instructions: tool?.instructions,
        sourcesLabel: tool?.sourcesLabel,
        writes,
    });
    return { threadId, messageId, stream };
  } catch (error) {
    await refundCredits(env, who.accountId, creditKey);
    throw error;
  }
}

/** The demo provider's text: the tool's (its form's reading, or its reply to a later turn), else the chat's. */
function demoFor(tool: ToolTurn | undefined, question: string, chat: () => string): string {
  if (!tool) return chat();
  return tool.opening?.demoReply ?? tool.demoReply(question);
}

/**
 * The answer of a request id charged by another (concurrent or earlier) request, once that request's rows exist
 * and its relay has started, so a reader joining it gets the live stream. Bounded: about 2 s.
 */
async function awaitMessageFor(env: AppEnv, ownerId: string, creditKey: string) {
  const { chatMessages } = schema;
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = await getDb(env).query.chatMessages.findFirst({ where: eq(chatMessages.creditKey, creditKey) });
    if (row && row.status !== "streaming") return row;
    if (row && (await relayFor(env, ownerId).state(row.id)).status !== "idle") return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}
