// A WhatsApp voice note kept in the web thread (decision 0025): its audio in R2 beside the message its transcript
// became, played only by the thread's owner (/media/voice-notes/<message>), counted in the account's storage (and kept
// only within its quota, decided inside the account's object as the row is written: decision 0013), and
// deleted with the thread or the account (chat/thread-files.ts), exported with "Download my data".
import { inAccount } from "../account/client";
import { threadFileKey } from "../chat/thread-files";
import type { Owner } from "../account/owner";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { storageQuotaOf } from "../account/usage";
import { storageUsed } from "../images/uploads";
import type { AudioFormat } from "./recording";

export interface HeardAudio extends AudioFormat {
  bytes: Uint8Array;
  seconds: number;
}

/**
 * Keeps `audio` with the question that `answerId` answers. Within the account's storage quota only: past it the
 * transcript alone is the message, as before (the person was answered either way). A redelivery keeps it once.
 */
export async function keepVoiceNote(env: AppEnv, owner: Owner, turn: { threadId: string; answerId: string }, audio: HeardAudio): Promise<boolean> {
  const questionId = await inAccount(env, owner.accountId, "voiceNote.questionOf", turn);
  if (!questionId) return false;
  const quotaBytes = storageQuotaOf(owner.plan);
  // Asked first so a full account stores no file at all; decided again as the row is written.
  if (quotaBytes !== undefined && (await storageUsed(env, owner.accountId)) + audio.bytes.byteLength > quotaBytes) return false;
  const r2Key = threadFileKey("voice-notes", owner.accountId, turn.threadId, `${questionId}.${audio.extension}`);
  await env.MEDIA.put(r2Key, audio.bytes, { httpMetadata: { contentType: audio.type } });
  let kept = false;
  try {
    kept = await inAccount(env, owner.accountId, "voiceNote.keep", {
      messageId: questionId,
      r2Key,
      contentType: audio.type,
      bytes: audio.bytes.byteLength,
      seconds: Math.round(audio.seconds),
      quotaBytes,
    });
  } finally {
    if (!kept) await env.MEDIA.delete(r2Key);
  }
  return kept;
}

/** The voice note of `messageId`, only for its owner (anyone else's is not in their object: "not found"). */
export async function readVoiceNote(env: AppEnv, ownerId: string, messageId: string) {
  const note = await inAccount(env, ownerId, "voiceNote.get", messageId);
  const object = note ? await env.MEDIA.get(note.r2Key) : null;
  if (!note || !object) throw new AppError("request/not-found");
  return { note, body: object.body };
}
