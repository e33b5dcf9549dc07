// Every part of an account's data (decision 0034), in the order foreign keys need (threads before the messages,
// voice notes and documents that name them). The account's object, its deletion, export, hand-over, quota and move
// from D1 loop over this list; tests/unit/account-parts.test.ts fails when a table or R2 folder is claimed by none.
import { authPart } from "../auth/part";
import { chatPart } from "../chat/part";
import { creditsPart } from "../credits/part";
import { documentsPart } from "../documents/part";
import { exportsPart } from "../exports/part";
import { horoscopePart } from "../horoscope/part";
import { imagesPart, uploadsPart } from "../images/part";
import { importsPart } from "../imports/part";
import { memoryPart } from "../memory/part";
import { notificationsPart } from "../notifications/part";
import { projectsPart } from "../projects/part";
import { researchPart } from "../research/part";
import { schedulesPart } from "../schedules/part";
import { sharePart } from "../share/part";
import { voicePart } from "../voice/part";
import type { AccountFolder } from "./files";
import { whatsappPart } from "../whatsapp/part";
import { accountPart, type AccountPart, type FolderClaim, type TableClaim } from "./part";
import { accountSchema } from "./schema";
import { usageOperations } from "./usage";

/** The object's own bookkeeping (whose it is, when its rows moved in, which guests were merged into it) and its storage use. */
const objectPart = accountPart({
  name: "object",
  tables: [
    {
      table: accountSchema.accountMeta,
      export: { notExported: "the object's own bookkeeping (dates of moves and merges)" },
      quota: { notCounted: "a few rows" },
      handOver: { notHandedOver: "each object keeps its own" },
    },
  ],
  folders: [],
  operations: usageOperations,
});

export const accountParts = [
  chatPart,
  voicePart,
  uploadsPart,
  imagesPart,
  horoscopePart,
  documentsPart,
  // After chat and documents: its rows name their threads and documents.
  projectsPart,
  // After chat: a schedule names its thread.
  schedulesPart,
  memoryPart,
  creditsPart,
  exportsPart,
  sharePart,
  whatsappPart,
  authPart,
  importsPart,
  notificationsPart,
  // After chat: its rows name their threads.
  researchPart,
  objectPart,
] as const satisfies readonly AccountPart[];

export type AccountParts = typeof accountParts;

const parts: readonly AccountPart[] = accountParts;

/** Every table claim, in the parts' order. */
export const tableClaims: readonly TableClaim[] = parts.flatMap((part) => part.tables);

/** Every R2 folder claim: the account's files are `<folder>/<account id>/...` (account/files.ts). */
export const folderClaims: readonly FolderClaim[] = parts.flatMap((part) => part.folders);

/** Every folder some part claims; the check below fails the typecheck while a folder of account/files.ts is claimed by none. */
type ClaimedFolder = AccountParts[number]["folders"][number]["folder"];
const everyFolderClaimed: [Exclude<AccountFolder, ClaimedFolder>] extends [never] ? true : Exclude<AccountFolder, ClaimedFolder> = true;
void everyFolderClaimed;

/** Every folder the account has files in: what deleting it lists. */
export const accountFolders: readonly AccountFolder[] = folderClaims.map((claim) => claim.folder);
