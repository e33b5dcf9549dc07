// Sending replies to one WhatsApp message: in the account's language, inside Meta's 24-hour window and unless a
// billing error paused replies (billing-pause.ts), split into numbered parts that fit WhatsApp's 4,096 characters, each
// recorded in the number's object (so Meta's statuses find it) and, when every retry has failed, recorded there as a
// failure rather than lost silently (decision 0036).
import type { Locale } from "../../lib/constants";
import { i18nServer } from "../i18n";
import { splitForWhatsApp, toWhatsAppText } from "./format";
import { GraphError, type GraphClient } from "./graph";
import type { NumberObject } from "./number";

/** Meta's customer service window: free-form messages only within 24 hours of the user's last message. */
export const REPLY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** WhatsApp's limit for an image caption. */
const CAPTION_MAX = 1024;

export interface Conversation {
  /** The user's number's object: where sends and failures are recorded. */
  number: NumberObject;
  graph: GraphClient;
  /** The user's number (wa_id). */
  to: string;
  /** The message being answered. */
  inboundId: string;
  /** When the user sent it: the window counts from here. */
  sentAt: number;
  locale: Locale;
  /** Meta reported a billing error for the sending number: nothing is sent until it is cleared (billing-pause.ts). */
  paused: boolean;
}

/** A reply's text in the conversation's language; `brand` is always available to the text. */
export async function replyText(locale: Locale, key: string, values: Record<string, string | number> = {}): Promise<string> {
  const [t, common] = await Promise.all([i18nServer.getFixedT(locale, "whatsapp"), i18nServer.getFixedT(locale, "common")]);
  return t(`replies.${key}`, { brand: common("brand"), ...values, interpolation: { escapeValue: false } });
}

/** The language a number's owner most likely reads, before we know their account (+90 is Türkiye). */
export function localeOfNumber(phone: string): Locale {
  return phone.startsWith("90") ? "tr" : "en";
}

async function recordMiss(conversation: Conversation, kind: string, errorCode: string, detail: string) {
  await conversation.number.recordFailure({ inboundId: conversation.inboundId, kind, errorCode, detail });
}

async function recordFailure(conversation: Conversation, kind: string, error: unknown) {
  const code = error instanceof GraphError ? error.code : error instanceof Error ? error.name : "unknown";
  const detail = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
  console.error("whatsapp: reply not delivered", conversation.inboundId, kind, code, detail);
  await recordMiss(conversation, kind, code, detail);
}

async function recordSent(conversation: Conversation, replyId: string) {
  await conversation.number.recordSent(replyId, conversation.inboundId);
}

/**
 * Whether a free-form message may be sent now: replies are not paused, and the window is open. If not, that is
 * recorded (the answer stays in the web thread).
 */
async function windowOpen(conversation: Conversation, kind: string): Promise<boolean> {
  if (conversation.paused) {
    await recordMiss(conversation, kind, "whatsapp/replies-paused", "replies paused after Meta reported a billing error; kept in the web thread only");
    return false;
  }
  if (Date.now() - conversation.sentAt < REPLY_WINDOW_MS) return true;
  await recordFailure(conversation, kind, new Error("outside the 24-hour customer service window; kept in the web thread only"));
  return false;
}

/** Sends WhatsApp-formatted text, in numbered parts when long. Resolves true when every part was sent. */
export async function sendText(conversation: Conversation, text: string): Promise<boolean> {
  if (!(await windowOpen(conversation, "text"))) return false;
  for (const part of splitForWhatsApp(text)) {
    try {
      await recordSent(conversation, await conversation.graph.sendText(conversation.to, part));
    } catch (error) {
      await recordFailure(conversation, "text", error);
      return false;
    }
  }
  return true;
}

/** Sends a model's Markdown answer, turned into WhatsApp's own formatting, after `preface` (WhatsApp text) if given. */
export function sendAnswer(conversation: Conversation, markdown: string, preface?: string): Promise<boolean> {
  const answer = toWhatsAppText(markdown);
  return sendText(conversation, preface ? `${preface}\n\n${answer}` : answer);
}

/** Sends a voice note (Ogg/Opus, uploaded to WhatsApp first), inside the window like any reply. */
export async function sendVoiceNote(conversation: Conversation, audio: Uint8Array): Promise<boolean> {
  if (!(await windowOpen(conversation, "audio"))) return false;
  try {
    const mediaId = await conversation.graph.uploadMedia(audio, "audio/ogg", "answer.ogg");
    await recordSent(conversation, await conversation.graph.sendAudio(conversation.to, mediaId));
    return true;
  } catch (error) {
    await recordFailure(conversation, "audio", error);
    return false;
  }
}

/** Sends one of the fixed replies in the conversation's language. */
export async function sendReply(conversation: Conversation, key: string, values: Record<string, string> = {}): Promise<boolean> {
  return sendText(conversation, await replyText(conversation.locale, key, values));
}

/** Sends an image (uploaded to WhatsApp first) with a caption; caption text past WhatsApp's limit follows as text. */
export async function sendImage(conversation: Conversation, image: { bytes: Uint8Array; mimeType: string; fileName: string }, caption = ""): Promise<boolean> {
  if (!(await windowOpen(conversation, "image"))) return false;
  const fits = caption.length <= CAPTION_MAX;
  try {
    const mediaId = await conversation.graph.uploadMedia(image.bytes, image.mimeType, image.fileName);
    await recordSent(conversation, await conversation.graph.sendImage(conversation.to, mediaId, fits ? caption : undefined));
  } catch (error) {
    await recordFailure(conversation, "image", error);
    return false;
  }
  return fits || sendText(conversation, caption);
}
