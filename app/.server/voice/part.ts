// Voice's part of an account (decision 0034): WhatsApp voice notes kept with their chat, and the read-aloud cache.
import { eq } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { schema } from "../db";
import { voiceNoteOperations } from "./kept-voice-notes";

const { voiceNotes } = schema;

export const voicePart = accountPart({
  name: "voice",
  tables: [{ table: accountSchema.voiceNotes, export: { archive: ["voice-notes/voice-notes.json"] }, quota: { kind: "voice" }, handOver: true }],
  folders: [
    { folder: "voice-notes", export: { archive: ["voice-notes/<date>-<id>.<ext>"] }, quota: { kind: "voice" } },
    {
      folder: "speech",
      export: { notExported: "a cache of answers read aloud, made again from their text" },
      quota: { notCounted: "a cache of answers read aloud, at most one file per answer and voice, deleted with its chat" },
    },
  ],
  operations: voiceNoteOperations,
  movedFromD1: [
    {
      from: voiceNotes,
      to: accountSchema.voiceNotes,
      key: voiceNotes.messageId,
      keyField: "messageId",
      owned: (id) => eq(voiceNotes.ownerId, id),
      ownerColumn: voiceNotes.ownerId,
    },
  ],
});
