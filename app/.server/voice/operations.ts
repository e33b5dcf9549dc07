// The kept voice notes' rows inside the account's own object (decision 0025, 0026): the question a note belongs to,
// recording one within the storage quota (decision 0013), reading one. Run by voice/kept-voice-notes.ts through the
// account's client.
import { eq, sql } from "drizzle-orm";
import { fitsStorageQuota } from "../account/usage";
import { accountSchema, type AccountContext } from "../account/schema";

const { voiceNotes } = accountSchema;

export const voiceNoteOperations = {
  /** The question that `answerId` answers in `threadId` (the message a voice note is kept with). */
  "voiceNote.questionOf": ({ db }: AccountContext, turn: { threadId: string; answerId: string }): string | null => {
    const row = db.get<{ id: string }>(
      sql`SELECT q.id FROM chat_messages q JOIN chat_messages a ON a.id = ${turn.answerId} AND a.thread_id = q.thread_id
          WHERE q.thread_id = ${turn.threadId} AND q.role = 'user' AND q.created_at <= a.created_at ORDER BY q.created_at DESC LIMIT 1`,
    );
    return row?.id ?? null;
  },
  /**
   * Records a kept note; false (nothing recorded) when it no longer fits `quotaBytes`, decided here as the row is written
   * so notes arriving together cannot all pass (decision 0013). A redelivered note is already here: true.
   */
  "voiceNote.keep": (account: AccountContext, { quotaBytes, ...note }: Omit<typeof voiceNotes.$inferInsert, "ownerId"> & { quotaBytes?: number }): boolean => {
    const { db, accountId } = account;
    if (db.select({ key: voiceNotes.r2Key }).from(voiceNotes).where(eq(voiceNotes.messageId, note.messageId)).get()) return true;
    if (!fitsStorageQuota(account, note.bytes, quotaBytes)) return false;
    db.insert(voiceNotes)
      .values({ ...note, ownerId: accountId })
      .run();
    return true;
  },
  "voiceNote.get": ({ db }: AccountContext, messageId: string) => db.select().from(voiceNotes).where(eq(voiceNotes.messageId, messageId)).get() ?? null,
};
