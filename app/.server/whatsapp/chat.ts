// A linked Pro user's WhatsApp message answered by the web's own chat turn (chat/turns.ts): the same model check,
// credits, provider path, the account's turn and thread rows, so the conversation is one thread in the web history. The answer
// is read from the answer's event stream to its end and sent back in WhatsApp's formatting.
import { eq } from "drizzle-orm";
import type { Locale } from "../../lib/constants";
import { findModel, defaultModelFor } from "../../lib/models";
import type { ChatStreamDone } from "./answer-stream";
import { readAnswer } from "./answer-stream";
import { toolTurnFor } from "../chat/tool-turn";
import type { Owner } from "../account/owner";
import { startTurn } from "../chat/turns";
import { getDb, schema } from "../db";
import type { AppConfig, AppEnv } from "../env";
import { isAppError } from "../errors";
import type { WhatsAppLink } from "./linking";
import { replyText, sendAnswer, sendReply, type Conversation } from "./replies";

/** A stable request id for a message (the chat turn's idempotency key): a redelivery joins the same answer. */
export async function requestIdFor(messageId: string): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`whatsapp:${messageId}`)));
  hash[6] = (hash[6]! & 0x0f) | 0x40;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = [...hash.subarray(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The model chosen on the web when the number was linked, then the chat's default (docs/product.md §9) if that one is not offered. */
function modelsToTry(link: WhatsAppLink): string[] {
  const chosen = link.model && findModel(link.model) ? [link.model] : [];
  return [...new Set([...chosen, defaultModelFor("web-main")])];
}

export interface ChatInput {
  text: string;
  attachmentId?: string;
  /** WhatsApp text sent before the answer, in the same message (a voice note's transcript). */
  preface?: string;
  /** A daily horoscope ("/horoscope leo"): the horoscope tool's own turn, in a horoscope thread of its own. */
  horoscopeSign?: string;
}

/** The finished answer, and where it is: its thread and its own message id. */
export type AnsweredTurn = ChatStreamDone & { threadId: string; answerId: string };

/**
 * The next message starts a new conversation ("/new", "/project <name>"): in `projectId`'s project, or (null) in the
 * history. The thread is a link property in D1; the project only the number's object keeps.
 */
export async function startNewConversation(env: AppEnv, conversation: Conversation, link: WhatsAppLink, projectId: string | null): Promise<void> {
  await getDb(env).update(schema.whatsappLinks).set({ threadId: null }).where(eq(schema.whatsappLinks.id, link.id));
  await conversation.number.setThread(null);
  await conversation.number.setProject(projectId);
}

/**
 * Answers one message as a chat turn of `owner`; the thread it lands in becomes the link's current thread. A new
 * conversation starts in the project "/project" chose, passing its id as a new web chat in a project does (decision
 * 0038-projects); a thread already there keeps its own project (or none).
 */
export async function answerWithChat(
  env: AppEnv,
  config: AppConfig,
  conversation: Conversation,
  owner: Owner,
  link: WhatsAppLink,
  input: ChatInput,
): Promise<AnsweredTurn | null> {
  const requestId = await requestIdFor(conversation.inboundId);
  const models = modelsToTry(link);
  const horoscope = input.horoscopeSign !== undefined;
  let threadId = horoscope ? undefined : (link.threadId ?? undefined);
  const projectOf = async () => (horoscope || threadId ? undefined : ((await conversation.number.activeProject()) ?? undefined));
  let projectId = await projectOf();
  let preface = input.preface;
  for (let attempt = 0; attempt < models.length + 3; attempt++) {
    const model = models[0]!;
    try {
      const request = horoscope
        ? { requestId, model, mode: "send" as const, tool: "horoscope" as const, toolPath: "daily", input: { sign: input.horoscopeSign! } }
        : { requestId, threadId, projectId, model, message: input.text, mode: "send" as const, attachmentId: input.attachmentId, tool: "web-main" as const };
      const tool = toolTurnFor(env, request, { locale: conversation.locale });
      const turn = await startTurn(env, config, owner, request, { locale: conversation.locale, channel: "whatsapp", tool });
      if (!horoscope && turn.threadId !== link.threadId) {
        // Only when the thread changes (the first answer, after "/new" or a thread deleted on the web): a link property, in D1.
        await getDb(env).update(schema.whatsappLinks).set({ threadId: turn.threadId }).where(eq(schema.whatsappLinks.id, link.id));
        await conversation.number.setThread(turn.threadId);
      }
      const done = await readAnswer(turn.stream);
      if (done.text.trim()) await sendAnswer(conversation, done.text, preface);
      // Nothing produced: the turn has given the credit back, as on the web.
      else await sendReply(conversation, "apology");
      return { ...done, threadId: turn.threadId, answerId: turn.messageId };
    } catch (error) {
      if (!isAppError(error)) throw error;
      // The thread was deleted on the web (or is a tool's): carry on in a new one.
      if ((error.code === "chat/not-found" || error.code === "request/invalid") && threadId) {
        threadId = undefined;
        projectId = await projectOf();
        continue;
      }
      // The project was deleted on the web since "/project" chose it: the answer goes to the history, and says so.
      if (error.code === "project/not-found" && projectId) {
        await conversation.number.setProject(null);
        projectId = undefined;
        const gone = await replyText(conversation.locale, "projectGone");
        preface = preface ? `${gone}\n\n${preface}` : gone;
        continue;
      }
      if ((error.code === "chat/model-unavailable" || error.code === "plan/pro-required") && models.length > 1) {
        models.shift();
        continue;
      }
      if (error.code === "credits/exhausted") {
        const resetsAt = error.resetsAt ?? Date.now();
        await sendReply(conversation, "outOfCredits", { time: new Date(resetsAt).toISOString().slice(11, 16) });
        return null;
      }
      console.error("whatsapp: chat turn refused", conversation.inboundId, error.code);
      await sendReply(conversation, "apology");
      return null;
    }
  }
  await sendReply(conversation, "apology");
  return null;
}

export type { Locale };
