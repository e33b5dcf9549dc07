// What counts against an account's storage quota, by kind (decision 0013, "What counts"): the one list of kinds, each
// counted by its own domain from the sizes its rows recorded, inside the account's object. A write that keeps bytes
// asks fitsStorageQuota as it records its row, in the object that runs one operation at a time, so writes racing at
// the quota's edge are decided one after another and never pass it together. Chat text is not counted (decision 0013).
import { documentsUsage } from "../documents/usage";
import { creationsUsage, photosUsage } from "../images/usage";
import { importedChatsUsage } from "../imports/usage";
import { readAloudUsage, voiceNotesUsage } from "../voice/usage";
import { UPLOAD_LIMITS, type StoragePlan } from "../write-limits";
import type { AccountContext, AccountDb } from "./schema";

/** Every kind of stored bytes, in the order Settings › Account lists them. */
export const STORAGE_KINDS = {
  photos: photosUsage,
  creations: creationsUsage,
  documents: documentsUsage,
  voiceNotes: voiceNotesUsage,
  readAloud: readAloudUsage,
  importedChats: importedChatsUsage,
} satisfies Record<string, (db: AccountDb, keptOnly: boolean) => number>;

export type StorageKind = keyof typeof STORAGE_KINDS;
export type StorageUsage = Record<StorageKind, number> & { total: number };

/**
 * The account's bytes by kind, and their total; `keptOnly` leaves out a temporary chat's attachments, which go within
 * the hour (decision 0027): what Settings shows as kept. The quota counts them while they exist.
 */
export function usageByKind({ db }: Pick<AccountContext, "db">, keptOnly = false): StorageUsage {
  const kinds = Object.fromEntries(Object.entries(STORAGE_KINDS).map(([kind, usage]) => [kind, usage(db, keptOnly)])) as Record<StorageKind, number>;
  return { ...kinds, total: Object.values(kinds).reduce((sum, bytes) => sum + bytes, 0) };
}

/** Every byte the account keeps (the sum of its kinds). */
export const storageUsed = (account: Pick<AccountContext, "db">): number => usageByKind(account).total;

/**
 * Whether `bytes` more still fit `quotaBytes` (none given: no quota, a visitor's). Asked inside the account's object
 * as the row is written (decision 0013).
 */
export function fitsStorageQuota(account: Pick<AccountContext, "db">, bytes: number, quotaBytes: number | undefined): boolean {
  return quotaBytes === undefined || storageUsed(account) + bytes <= quotaBytes;
}

/** The plan's storage quota; a visitor has none (their uploads are capped per address and day and go after a day). */
export function storageQuotaOf(plan: StoragePlan | "guest"): number | undefined {
  return plan === "guest" ? undefined : UPLOAD_LIMITS.storageQuotaBytes[plan];
}

export const usageOperations = {
  /** The account's bytes by kind and in total (Settings › Account, the quota's checks made before a file is stored). */
  "storage.usage": (account: AccountContext, options: { keptOnly?: boolean }): StorageUsage => usageByKind(account, options.keptOnly ?? false),
};
