// An account's data is one thing (decision 0034): each domain that keeps something for an account says so in one
// AccountPart, and the account's object, its deletion, its export, its hand-over from a visitor, its storage quota
// and its move from D1 are loops over the parts (account/parts.ts). A table or R2 folder no part claims fails
// tests/unit/account-parts.test.ts, and a claim must say how the data is exported and whether it counts against the
// quota, so a new kind of data cannot join only some of the lists.
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AccountFolder } from "./files";
import type { AccountContext } from "./schema";
import type { StorageKind } from "./usage";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each operation has its own input type.
export type AccountOperation = (account: AccountContext, input: any) => unknown;

/** Where a table's rows or a folder's files go in "Download my data" (archive paths), or why they do not. */
export type ExportClaim = { archive: readonly string[] } | { notExported: string };

/** How a table's rows or a folder's files count against the storage quota: under which kind (account/usage.ts), or why not at all. */
export type QuotaClaim = { kind: StorageKind } | { notCounted: string };

export type { StorageKind };

/** A visitor signing in: the table's rows are copied to the account (account/hand-over.ts), or why not. */
export type HandOverClaim = true | { notHandedOver: string };

export interface TableClaim {
  table: SQLiteTable;
  export: ExportClaim;
  quota: QuotaClaim;
  handOver: HandOverClaim;
}

/** A folder of the MEDIA bucket whose files under `<folder>/<accountId>/` are the account's (account/files.ts). */
export interface FolderClaim<Folder extends AccountFolder = AccountFolder> {
  folder: Folder;
  export: ExportClaim;
  quota: QuotaClaim;
}

/** A table of the old per-account D1 tables whose rows move into the object (account/move-from-d1.ts). */
export interface MovedTable {
  /** The table in D1 and the same table in the account's object (db/schema.ts and db/account-schema.ts agree). */
  from: SQLiteTable;
  to: SQLiteTable;
  /** Its primary key (the column and its field in a row), the order pages are read in. */
  key: SQLiteColumn;
  keyField: string;
  /** Which of its rows are the account's. */
  owned: (accountId: string) => SQL;
  /** The column naming the owner, when the table has one (messages are owned through their thread). */
  ownerColumn?: SQLiteColumn;
}

/** A task of the object's one alarm (account/alarms.ts): does its work, answers when it wants to run again. */
export type PartAlarmTask = (account: AccountContext, now: number) => Promise<number | null>;

export interface AccountPart<
  Operations extends Record<string, AccountOperation> = Record<string, AccountOperation>,
  Folder extends AccountFolder = AccountFolder,
> {
  /** The domain's name (logs, tests). */
  name: string;
  /** The account-schema tables the part owns, each in exactly one part, in the order foreign keys need. */
  tables: readonly TableClaim[];
  /** The other tables of the object the part owns: its full-text indexes, made by hand-written migrations. */
  virtualTables?: readonly { name: string; export: ExportClaim; quota: QuotaClaim }[];
  folders: readonly FolderClaim<Folder>[];
  /** What runs inside the object by name (account/operations.ts), called through account/client.ts. */
  operations: Operations;
  /** Tasks of the object's alarm, by name. */
  alarms?: Readonly<Record<string, PartAlarmTask>>;
  /** Rows still in D1 from before the object, in the order foreign keys need. */
  movedFromD1?: readonly MovedTable[];
}

/**
 * Declares a part, keeping its literal types: its operations' own signatures (account/operations.ts) and its folders'
 * names (account/files.ts).
 */
export function accountPart<Operations extends Record<string, AccountOperation>, const Folder extends AccountFolder = never>(
  part: AccountPart<Operations, Folder>,
): AccountPart<Operations, Folder> {
  return part;
}
