// Every operation that reads or changes an account's own data, by name. Each runs inside the account's Durable
// Object against its SQLite (account/storage.ts), called through account/client.ts `inAccount` (decision 0026). The
// functions live beside their domain; this table only names them, so the object can run them and callers get types.
import { exportOperations } from "../chat/export";
import { historyBenchOperations } from "../chat/history-bench";
import { threadOperations } from "../chat/threads";
import { creditOperations } from "../credits/account-credits";
import { documentOperations } from "../documents/operations";
import { documentTurnOperations } from "../documents/passages";
import { dataExportOperations } from "../exports/operations";
import { birthProfileOperations } from "../horoscope/birth-profile";
import { galleryOperations } from "../images/gallery";
import { imageJobOperations } from "../images/job-operations";
import { uploadOperations } from "../images/uploads";
import { memoryOperations } from "../memory/store";
import { shareOperations } from "../share/links";
import { continueShareOperations } from "../share/public";
import { speechCacheOperations } from "../voice/speech-cache";
import { voiceNoteOperations } from "../voice/kept-voice-notes";
import type { AccountContext } from "./schema";
import { usageOperations } from "./usage";

export const operations = {
  ...birthProfileOperations,
  ...threadOperations,
  ...exportOperations,
  ...shareOperations,
  ...continueShareOperations,
  ...voiceNoteOperations,
  ...historyBenchOperations,
  ...creditOperations,
  ...dataExportOperations,
  ...uploadOperations,
  ...imageJobOperations,
  ...galleryOperations,
  ...memoryOperations,
  ...documentOperations,
  ...documentTurnOperations,
  ...speechCacheOperations,
  ...usageOperations,
} satisfies Record<string, AccountOperation>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each operation has its own input type.
export type AccountOperation = (account: AccountContext, input: any) => unknown;
export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OperationInput<Name extends OperationName> = Parameters<Operations[Name]>[1];
export type OperationResult<Name extends OperationName> = Awaited<ReturnType<Operations[Name]>>;
