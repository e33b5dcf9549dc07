// A linked Pro user's voice note (decision 0025): fetched through the Graph media API (from Meta's media host only,
// at most 16 MB, graph.ts), measured and transcribed like a web recording (same limits and per-minute charge, settled
// on the provider's count, keyed by the message so a redelivery is charged once), answered by the
// ordinary chat turn with the transcript first in italics, and, with WHATSAPP_VOICE_REPLIES on and the account's
// "reply with voice" setting, also answered with a voice note (Ogg/Opus uploaded through the media API).
import { speakableText } from "../../lib/speakable-text";
import { MAX_RECORDING_SECONDS } from "../../lib/voice";
import type { Owner } from "../account/owner";
import type { AppConfig, AppEnv } from "../env";
import { isAppError } from "../errors";
import { resources } from "../i18n";
import { accountVoice } from "../voice/preference";
import { keepVoiceNote, type HeardAudio } from "../voice/kept-voice-notes";
import { audioFormat, recordingSeconds } from "../voice/recording";
import { speak } from "../voice/speech";
import { transcribe } from "../voice/transcription";
import { answerWithChat } from "./chat";
import { MediaTooLarge } from "./graph";
import type { WhatsAppLink } from "./linking";
import { sendReply, sendVoiceNote, type Conversation } from "./replies";

/** Meta's own limit on audio media (16 MB): a larger download is no voice note, and is cut off there. */
export const MAX_VOICE_NOTE_BYTES = 16 * 1024 * 1024;

/** WhatsApp italics around each line of the transcript (its own underscores would end them early). */
export function italicTranscript(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/_/g, " ").trim())
    .filter(Boolean)
    .map((line) => `_${line}_`)
    .join("\n");
}

/** The voice note's audio and words, or null once the person has been told why there are none (nothing charged, or refunded). */
async function heardNote(
  env: AppEnv,
  config: AppConfig,
  conversation: Conversation,
  owner: Owner,
  mediaId: string,
): Promise<{ audio: HeardAudio; words: string } | null> {
  let bytes: Uint8Array;
  try {
    bytes = (await conversation.graph.downloadMedia(mediaId, MAX_VOICE_NOTE_BYTES)).bytes;
  } catch (error) {
    if (error instanceof MediaTooLarge) await sendReply(conversation, "voiceTooLong");
    else {
      console.error("whatsapp: voice note not fetched", conversation.inboundId, error);
      await sendReply(conversation, "voiceFailed");
    }
    return null;
  }
  // Measured like a web recording (recording.ts): a note whose header cannot be believed is not heard.
  const format = audioFormat(bytes);
  let seconds = 0;
  try {
    seconds = format ? recordingSeconds(bytes, format, undefined) : 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
  }
  if (!format || !seconds || seconds > MAX_RECORDING_SECONDS) {
    await sendReply(conversation, format && seconds ? "voiceTooLong" : "voiceFailed");
    return null;
  }
  try {
    const audio = { bytes, ...format, seconds };
    const heard = await transcribe(env, config, owner, audio, `whatsapp-voice:${conversation.inboundId}`, conversation.locale);
    if (heard.text.trim()) return { audio, words: heard.text.trim() };
    await sendReply(conversation, "voiceEmpty");
  } catch (error) {
    if (!isAppError(error)) throw error;
    await sendReply(conversation, error.code === "voice/fair-use" ? "voiceFairUse" : "voiceFailed");
  }
  return null;
}

export async function answerVoiceNote(env: AppEnv, config: AppConfig, conversation: Conversation, owner: Owner, link: WhatsAppLink, mediaId: string) {
  const heard = await heardNote(env, config, conversation, owner, mediaId);
  if (!heard) return;
  const done = await answerWithChat(env, config, conversation, owner, link, { text: heard.words, preface: italicTranscript(heard.words) });
  // The note itself is kept with its transcript in the web thread; a failure to keep it leaves the transcript alone.
  if (done)
    await keepVoiceNote(env, owner, done, heard.audio).catch((error: unknown) => console.error("whatsapp: voice note not kept", conversation.inboundId, error));
  if (!done?.text.trim() || !config.whatsapp.voiceReplies || !link.voiceReplies) return;
  try {
    const spoken = await speak(env, config, owner, {
      text: speakableText(done.text, resources[conversation.locale].chat.voice.code),
      voice: await accountVoice(env, owner.accountId),
      format: "opus",
      key: `whatsapp-speech:${conversation.inboundId}`,
    });
    await sendVoiceNote(conversation, new Uint8Array(await new Response(spoken.body).arrayBuffer()));
  } catch (error) {
    // The text answer has gone; a voice note that cannot be made (no speech provider, fair use spent) is left out.
    console.warn("whatsapp: voice reply not made", conversation.inboundId, isAppError(error) ? error.code : error);
  }
}
