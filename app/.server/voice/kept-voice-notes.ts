// A WhatsApp voice note kept in the web thread (decision 0025): its audio in R2 beside the message its transcript
// became, played only by the thread's owner (/media/voice-notes/<message>), counted in the account's storage, and
// deleted with the thread or the account (chat/thread-files.ts), exported with "Download my data".
import { eq, sql } from "drizzle-orm";
import { inAccount } from "../account/client";
import { accountSchema, type AccountContext } from "../account/schema";
import { isAccountDeleted } from "../account/tombstone";
import { threadFileKey } from "../chat/thread-files";
import type { TurnOwner } from "../chat/turns";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { storageUsed } from "../images/uploads";
import { UPLOAD_LIMITS } from "../write-limits";
import type { AudioFormat } from "./recording";

const { voiceNotes } = accountSchema;

export interface HeardAudio extends AudioFormat {
  bytes: Uint8Array;
  seconds: number;
}

export const voiceNoteOperations = {
  /** The question that `answerId` answers in `threadId` (the message a voice note is kept with). */
  "voiceNote.questionOf": ({ db }: AccountContext, turn: { threadId: string; answerId: string }): string | null => {
    const row = db.get<{ id: string }>(
      sql`SELECT q.id FROM chat_messages q JOIN chat_messages a ON a.id = ${turn.answerId} AND a.thread_id = q.thread_id
          WHERE q.thread_id = ${turn.threadId} AND q.role = 'user' AND q.created_at <= a.created_at ORDER BY q.created_at DESC LIMIT 1`,
    );
    return row?.id ?? null;
  },
  "voiceNote.keep": ({ db, accountId }: AccountContext, note: Omit<typeof voiceNotes.$inferInsert, "ownerId">): void => {
    db.insert(voiceNotes)
      .values({ ...note, ownerId: accountId })
      .onConflictDoNothing()
      .run();
  },
  "voiceNote.get": ({ db }: AccountContext, messageId: string) => db.select().from(voiceNotes).where(eq(voiceNotes.messageId, messageId)).get() ?? null,
};

/**
 * Keeps `audio` with the question that `answerId` answers. Within the account's storage quota only: past it the
 * transcript alone is the message, as before (the person was answered either way). A redelivery keeps it once.
 */
export async function keepVoiceNote(env: AppEnv, owner: TurnOwner, turn: { threadId: string; answerId: string }, audio: HeardAudio): Promise<boolean> {
  const questionId = await inAccount(env, owner.accountId, "voiceNote.questionOf", turn);
  if (!questionId) return false;
  if ((await storageUsed(env, owner.accountId)) + audio.bytes.byteLength > UPLOAD_LIMITS.storageQuotaBytes[owner.plan === "pro" ? "pro" : "free"]) return false;
  const r2Key = threadFileKey("voice-notes", owner.accountId, turn.threadId, `${questionId}.${audio.extension}`);
  await env.MEDIA.put(r2Key, audio.bytes, { httpMetadata: { contentType: audio.type } });
  await inAccount(env, owner.accountId, "voiceNote.keep", {
    messageId: questionId,
    r2Key,
    contentType: audio.type,
    bytes: audio.bytes.byteLength,
    seconds: Math.round(audio.seconds),
  }).catch(async (error: unknown) => {
    // The account is being deleted (decision 0033): the audio goes with the refused row.
    if (isAccountDeleted(error)) await env.MEDIA.delete(r2Key);
    throw error;
  });
  return true;
}

/** The voice note of `messageId`, only for its owner (anyone else's is not in their object: "not found"). */
export async function readVoiceNote(env: AppEnv, ownerId: string, messageId: string) {
  const note = await inAccount(env, ownerId, "voiceNote.get", messageId);
  const object = note ? await env.MEDIA.get(note.r2Key) : null;
  if (!note || !object) throw new AppError("request/not-found");
  return { note, body: object.body };
}
