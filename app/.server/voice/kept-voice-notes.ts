// A WhatsApp voice note kept in the web thread (decision 0025): its audio in R2 beside the message its transcript
// became, played only by the thread's owner (/media/voice-notes/<message>), counted in the account's storage, and
// deleted with the thread or the account (chat/thread-files.ts), exported with "Download my data".
import { and, eq } from "drizzle-orm";
import { threadFileKey } from "../chat/thread-files";
import type { TurnOwner } from "../chat/turns";
import { getDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { storageUsed } from "../images/uploads";
import { UPLOAD_LIMITS } from "../write-limits";
import type { AudioFormat } from "./recording";

export interface HeardAudio extends AudioFormat {
  bytes: Uint8Array;
  seconds: number;
}

/**
 * Keeps `audio` with the question that `answerId` answers. Within the account's storage quota only: past it the
 * transcript alone is the message, as before (the person was answered either way). A redelivery keeps it once.
 */
export async function keepVoiceNote(env: AppEnv, owner: TurnOwner, turn: { threadId: string; answerId: string }, audio: HeardAudio): Promise<boolean> {
  const question = await env.DB.prepare(
    `SELECT q.id FROM chat_messages q JOIN chat_messages a ON a.id = ?2 AND a.thread_id = q.thread_id
     WHERE q.thread_id = ?1 AND q.role = 'user' AND q.created_at <= a.created_at ORDER BY q.created_at DESC LIMIT 1`,
  )
    .bind(turn.threadId, turn.answerId)
    .first<{ id: string }>();
  if (!question) return false;
  if ((await storageUsed(env, owner.accountId)) + audio.bytes.byteLength > UPLOAD_LIMITS.storageQuotaBytes[owner.plan === "pro" ? "pro" : "free"]) return false;
  const r2Key = threadFileKey("voice-notes", owner.accountId, turn.threadId, `${question.id}.${audio.extension}`);
  await env.MEDIA.put(r2Key, audio.bytes, { httpMetadata: { contentType: audio.type } });
  await getDb(env)
    .insert(schema.voiceNotes)
    .values({
      messageId: question.id,
      ownerId: owner.accountId,
      r2Key,
      contentType: audio.type,
      bytes: audio.bytes.byteLength,
      seconds: Math.round(audio.seconds),
    })
    .onConflictDoNothing();
  return true;
}

/** The voice note of `messageId`, only for its owner (anyone else gets "not found"). */
export async function readVoiceNote(env: AppEnv, ownerId: string, messageId: string) {
  const note = await getDb(env).query.voiceNotes.findFirst({ where: and(eq(schema.voiceNotes.messageId, messageId), eq(schema.voiceNotes.ownerId, ownerId)) });
  const object = note ? await env.MEDIA.get(note.r2Key) : null;
  if (!note || !object) throw new AppError("request/not-found");
  return { note, body: object.body };
}
