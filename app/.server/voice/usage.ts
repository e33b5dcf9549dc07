// The voice domain's share of the storage quota (account/usage.ts, decision 0013): kept WhatsApp voice notes and the
// read-aloud cache, from the sizes their rows recorded.
import { sql } from "drizzle-orm";
import { accountSchema, type AccountDb } from "../account/schema";

const { voiceNotes, speechAudio } = accountSchema;

/** Voice notes: the audio of WhatsApp voice notes kept with their messages. */
export const voiceNotesUsage = (db: AccountDb): number =>
  db
    .select({ bytes: sql<number>`COALESCE(SUM(${voiceNotes.bytes}), 0)` })
    .from(voiceNotes)
    .get()?.bytes ?? 0;

/** Read-aloud audio: answers read aloud, kept so a second play costs nothing (voice/speech.ts). */
export const readAloudUsage = (db: AccountDb): number =>
  db
    .select({ bytes: sql<number>`COALESCE(SUM(${speechAudio.bytes}), 0)` })
    .from(speechAudio)
    .get()?.bytes ?? 0;
