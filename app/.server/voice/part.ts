// Voice's part of an account (decision 0034): WhatsApp voice notes kept with their chat, and the read-aloud cache.
import { eq } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { voiceNoteOperations } from "./operations";
import { speechCacheOperations } from "./speech-cache";
import { legacyVoiceNotes } from "../../../db/legacy-schema";

const READ_ALOUD_CACHE = { notExported: "a cache of answers read aloud, made again from their text" } as const;

export const voicePart = accountPart({
  name: "voice",
  tables: [
    { table: accountSchema.voiceNotes, export: { archive: ["voice-notes/voice-notes.json"] }, quota: { kind: "voiceNotes" }, handOver: true },
    { table: accountSchema.speechAudio, export: READ_ALOUD_CACHE, quota: { kind: "readAloud" }, handOver: true },
  ],
  folders: [
    { folder: "voice-notes", export: { archive: ["voice-notes/<date>-<id>.<ext>"] }, quota: { kind: "voiceNotes" } },
    { folder: "speech", export: READ_ALOUD_CACHE, quota: { kind: "readAloud" } },
  ],
  operations: { ...voiceNoteOperations, ...speechCacheOperations },
  movedFromD1: [
    {
      from: legacyVoiceNotes,
      to: accountSchema.voiceNotes,
      key: legacyVoiceNotes.messageId,
      keyField: "messageId",
      owned: (id) => eq(legacyVoiceNotes.ownerId, id),
      ownerColumn: legacyVoiceNotes.ownerId,
    },
  ],
});
