// Files kept in R2 for a thread's messages, laid out `<folder>/<owner>/<thread>/...` so that deleting a thread, all
// of an account's chats or the account is one listing per folder (docs/decisions/0025-voice.md):
// - speech/: read-aloud audio cached per answer and voice;
// - voice-notes/: a WhatsApp voice note kept with the message its transcript became.
// Image attachments are uploads instead (images/cleanup.ts removes them once no message refers to them).
import type { AppEnv } from "../env";
import { deleteR2Keys, listR2Prefix } from "../storage/r2";
import { accountFileKey } from "../account/files";

export const THREAD_FILE_FOLDERS = ["speech", "voice-notes"] as const;
type ThreadFileFolder = (typeof THREAD_FILE_FOLDERS)[number];

/** The R2 key of a thread's file: `name` is the message's own part (e.g. `<message>/<voice>.mp3`). */
export function threadFileKey(folder: ThreadFileFolder, ownerId: string, threadId: string, name: string): string {
  return accountFileKey(folder, ownerId, `${threadId}/${name}`);
}

/** Deletes the files of one thread, or (without `threadId`) of every thread `ownerId` has. */
export async function deleteThreadFiles(env: AppEnv, ownerId: string, threadId?: string): Promise<void> {
  const under = threadId ? `${ownerId}/${threadId}/` : `${ownerId}/`;
  const keys = await Promise.all(THREAD_FILE_FOLDERS.map((folder) => listR2Prefix(env, `${folder}/${under}`)));
  await deleteR2Keys(env, keys.flat());
}
