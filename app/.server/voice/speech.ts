// Read aloud on the server (docs/decisions/0025-voice.md): an answer of the asker's own, as prose, spoken by the
// provider and streamed to the player as it arrives. The audio is kept in R2 per answer and voice, so a second play
// is read from there: no upstream call and no charge. It counts in the storage quota and is kept only if it fits
// (decision 0013): past the quota the answer is still read aloud, and the next play asks the provider again.
import type { Locale } from "../../lib/constants";
import { speakableText } from "../../lib/speakable-text";
import type { SpeechRequest } from "../../lib/schemas/voice";
import { SPEECH_INPUT_CHARS, speechMinutes, type Voice } from "../../lib/voice";
import { inAccount } from "../account/client";
import { storageQuotaOf } from "../account/usage";
import type { Plan } from "../credits";
import { threadFileKey } from "../chat/thread-files";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { joinBytes } from "../http/request";
import { resources } from "../i18n";
import { resolveVoiceEngine, speakWithProvider, type SpeechFormat, type UpstreamEngine } from "./engine";
import { chargeVoice, refundVoice } from "./metering";
import { accountVoice } from "./preference";

/** The longest text read aloud (about 13 minutes): the audio is held in memory once to be cached. */
export const MAX_SPEECH_CHARS = 12_000;

const CONTENT_TYPE: Record<SpeechFormat, string> = { mp3: "audio/mpeg", opus: "audio/ogg" };

export interface Listener {
  accountId: string;
  plan: Plan;
  address?: string;
}

/** Pieces of at most `limit` characters, cut after a sentence where one ends in time. */
export function speechPieces(text: string, limit = SPEECH_INPUT_CHARS): string[] {
  const pieces: string[] = [];
  let rest = text.slice(0, MAX_SPEECH_CHARS).trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const end = Math.max(window.lastIndexOf(". "), window.lastIndexOf("? "), window.lastIndexOf("! "));
    const cut = end > limit / 2 ? end + 1 : window.lastIndexOf(" ") > 0 ? window.lastIndexOf(" ") : limit;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The answer's text and thread if `accountId` owns it and it is finished; chat/not-found for anything else, as for a thread. */
async function ownAnswer(env: AppEnv, accountId: string, messageId: string): Promise<{ content: string; threadId: string }> {
  // Only the asker's own object is asked (decision 0026): another account's answer is not there.
  const row = await inAccount(env, accountId, "chat.message", messageId);
  if (!row) throw new AppError("chat/not-found");
  if (row.role !== "assistant" || row.status === "streaming" || !row.content.trim()) throw new AppError("request/invalid");
  return { content: row.content, threadId: row.threadId };
}

/** Speaks `text` piece by piece into one stream; the whole is handed to `onComplete` once it has all been sent. */
function speechStream(
  engine: UpstreamEngine,
  first: ReadableStream<Uint8Array>,
  rest: string[],
  options: { voice: Voice; format: SpeechFormat; onComplete: (audio: Uint8Array) => Promise<void>; onFailure: () => Promise<void> },
): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  const kept: Uint8Array[] = [];
  let size = 0;
  async function* audio() {
    yield* streamChunks(first);
    for (const text of rest) yield* streamChunks(await speakWithProvider(engine, { text, voice: options.voice, format: options.format }, stop.signal));
  }
  const chunks = audio();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          await options.onComplete(joinBytes(kept, size)).catch((error: unknown) => console.error("speech: could not cache", error));
          controller.close();
          return;
        }
        kept.push(next.value);
        size += next.value.byteLength;
        controller.enqueue(next.value);
      } catch (error) {
        await options.onFailure().catch(() => undefined);
        controller.error(error);
      }
    },
    cancel() {
      stop.abort();
      void chunks.return(undefined);
    },
  });
}

async function* streamChunks(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Speaks `text` for `listener` under the charge `key`, cached in R2 under `cache.name` (when given and it fits the quota): the audio's
 * stream and its type. Shared by read-aloud and WhatsApp voice replies.
 */
export async function speak(
  env: AppEnv,
  config: AppConfig,
  listener: Listener,
  input: { text: string; voice: Voice; format: SpeechFormat; key: string; cache?: { name: string; messageId: string } },
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; cached: boolean }> {
  const engine = resolveVoiceEngine(env);
  if (!engine || engine.kind === "demo") throw new AppError("voice/unavailable");
  const contentType = CONTENT_TYPE[input.format];
  if (input.cache) {
    const hit = await env.MEDIA.get(input.cache.name);
    if (hit) return { body: hit.body, contentType, cached: true };
  }
  const [firstText, ...rest] = speechPieces(input.text);
  if (!firstText) throw new AppError("request/invalid");
  const charge = { ...listener, key: input.key, minutes: speechMinutes(input.text.slice(0, MAX_SPEECH_CHARS)) };
  await chargeVoice(env, config, charge);
  let first: ReadableStream<Uint8Array>;
  try {
    first = await speakWithProvider(engine, { text: firstText, voice: input.voice, format: input.format });
  } catch (error) {
    await refundVoice(env, charge);
    throw error;
  }
  const body = speechStream(engine, first, rest, {
    voice: input.voice,
    format: input.format,
    onComplete: async (audio) => {
      if (input.cache) await keepSpeech(env, listener, input.cache, audio, contentType);
    },
    onFailure: () => refundVoice(env, charge),
  });
  return { body, contentType, cached: false };
}

/** Keeps a played answer's audio within the listener's storage quota: stored, then recorded if it fits, else deleted again. */
async function keepSpeech(env: AppEnv, listener: Listener, cache: { name: string; messageId: string }, audio: Uint8Array, contentType: string) {
  await env.MEDIA.put(cache.name, audio, { httpMetadata: { contentType } });
  let kept = false;
  try {
    const quotaBytes = storageQuotaOf(listener.plan);
    kept = await inAccount(env, listener.accountId, "speech.keep", { r2Key: cache.name, messageId: cache.messageId, bytes: audio.byteLength, quotaBytes });
  } finally {
    if (!kept) await env.MEDIA.delete(cache.name);
  }
}

/** POST /api/speech: an answer of the listener's read aloud, in the chosen voice (the route makes it the response). */
export async function speechForAnswer(
  env: AppEnv,
  config: AppConfig,
  listener: Listener,
  request: SpeechRequest,
  locale: Locale,
): Promise<{ body: ReadableStream<Uint8Array>; contentType: string; cached: boolean }> {
  // The account's own voice (Settings), unless the request names one.
  const voice = request.voice ?? (await accountVoice(env, listener.accountId));
  const { content, threadId } = await ownAnswer(env, listener.accountId, request.messageId);
  const text = speakableText(content, resources[locale].chat.voice.code);
  const spoken = await speak(env, config, listener, {
    text,
    voice,
    format: "mp3",
    // Each generation is its own charge: a stopped play is not cached, and replaying it must not be free upstream.
    key: `speech:${request.messageId}:${voice}:${crypto.randomUUID()}`,
    // Under the thread, so deleting it (or the account) deletes its cached speech too (chat/thread-files.ts).
    cache: { name: threadFileKey("speech", listener.accountId, threadId, `${request.messageId}/${voice}.mp3`), messageId: request.messageId },
  });
  return spoken;
}
