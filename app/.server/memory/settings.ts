// Settings › Memory and the WhatsApp commands (decision 0027): reading and changing the account's memories, switch and
// custom instructions, each one call into the account's object (store.ts). A memory id that is not this account's
// is "not found" (404): it is looked up only in the asking account's own object.
import type { Locale } from "../../lib/constants";
import type { MemoryNote } from "../../lib/memory";
import { memoryItemActionSchema } from "../../lib/schemas/memory";
import { inAccount } from "../account/client";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findPlace, placeOption } from "../horoscope/places";
import type { CustomInstructions } from "./context";
import { mayKeepWritten } from "./sensitive";

/** POST /api/memory/:memoryId's form, with the secret rule a memory the person writes is held to (sensitive.ts). */
export const memoryItemSchema = memoryItemActionSchema.refine((action) => action.intent !== "edit" || mayKeepWritten(action.text), {
  message: "validation.sensitive",
  path: ["text"],
});

/** Everything the Memory tab shows, in one call to the account's object. */
export async function memoryPage(env: AppEnv, accountId: string, locale: Locale) {
  const { settings, memories, birthProfile } = await inAccount(env, accountId, "memory.page");
  const place = birthProfile ? findPlace(birthProfile.placeId) : null;
  return {
    settings,
    memories: memories.map((memory) => ({ id: memory.id, text: memory.text, learned: memory.sourceThreadId !== null, updatedAt: memory.updatedAt })),
    birthProfile:
      birthProfile && place ? { birthDate: birthProfile.birthDate, birthTime: birthProfile.birthTime, place: placeOption(place, locale).label } : null,
  };
}

export async function editMemory(env: AppEnv, accountId: string, id: string, text: string) {
  if (!(await inAccount(env, accountId, "memory.edit", { id, text }))) throw new AppError("memory/not-found");
}

export async function deleteMemory(env: AppEnv, accountId: string, id: string) {
  if (!(await inAccount(env, accountId, "memory.delete", { id }))) throw new AppError("memory/not-found");
}

export const deleteAllMemories = (env: AppEnv, accountId: string) => inAccount(env, accountId, "memory.deleteAll");
export const setMemoryEnabled = (env: AppEnv, accountId: string, enabled: boolean) => inAccount(env, accountId, "memory.setEnabled", { enabled });
export const setCustomInstructions = (env: AppEnv, accountId: string, instructions: CustomInstructions) =>
  inAccount(env, accountId, "memory.setInstructions", instructions);

/** The note under one answer; another account's answer (or one memory had no part in) is "not found". */
export async function memoryNote(env: AppEnv, accountId: string, messageId: string): Promise<MemoryNote> {
  const note = await inAccount(env, accountId, "memory.note", { messageId });
  if (!note) throw new AppError("memory/not-found");
  return note;
}

/** memory.json in "Download my data" (decision 0018): the switch, the instructions, every memory and where it came from. */
export async function memoryExport(env: AppEnv, accountId: string) {
  const { settings, memories } = await inAccount(env, accountId, "memory.page");
  return {
    useAndSaveMemory: settings.enabled,
    customInstructions: { aboutYou: settings.aboutYou, answerStyle: settings.answerStyle },
    memories: memories.map((memory) => ({
      text: memory.text,
      learnedFromChat: memory.sourceThreadId,
      createdAt: new Date(memory.createdAt).toISOString(),
      updatedAt: new Date(memory.updatedAt).toISOString(),
    })),
  };
}
