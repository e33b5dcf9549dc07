// The chat's part of an account (decision 0034): conversations and their messages, searched by chat_search.
import { eq, sql } from "drizzle-orm";
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { exportOperations } from "./export-operations";
import { historyBenchOperations } from "./history-bench";
import { cleanUpTemporaryAttachments, TEMPORARY_CLEANUP_TASK } from "./temporary-attachments";
import { threadOperations } from "./thread-operations";
import { legacyChatThreads, legacyChatMessages } from "../../../db/legacy-schema";

/** Messages name no owner: theirs are those of the account's threads. */
const inOwnedThread = (accountId: string) =>
  sql`${legacyChatMessages.threadId} in (select ${legacyChatThreads.id} from ${legacyChatThreads} where ${legacyChatThreads.ownerId} = ${accountId})`;

const CHATS = { archive: ["chats/<date>-<title>-<id>.md", "chats/<date>-<title>-<id>.json", "horoscope/readings.json"] } as const;
const TEXT_IS_FREE = { notCounted: "chat text is not held against the storage quota (decision 0013)" } as const;

export const chatPart = accountPart({
  name: "chat",
  tables: [
    { table: accountSchema.chatThreads, export: CHATS, quota: TEXT_IS_FREE, handOver: true },
    { table: accountSchema.chatMessages, export: CHATS, quota: TEXT_IS_FREE, handOver: true },
  ],
  virtualTables: [{ name: "chat_search", export: { notExported: "an index made from the messages" }, quota: TEXT_IS_FREE }],
  folders: [],
  operations: { ...threadOperations, ...exportOperations, ...historyBenchOperations },
  // A temporary chat's attachments go within the hour after their last use (decision 0027).
  alarms: { [TEMPORARY_CLEANUP_TASK]: (account, now) => cleanUpTemporaryAttachments(account, now) },
  movedFromD1: [
    {
      from: legacyChatThreads,
      to: accountSchema.chatThreads,
      key: legacyChatThreads.id,
      keyField: "id",
      owned: (id) => eq(legacyChatThreads.ownerId, id),
      ownerColumn: legacyChatThreads.ownerId,
    },
    { from: legacyChatMessages, to: accountSchema.chatMessages, key: legacyChatMessages.id, keyField: "id", owned: inOwnedThread },
  ],
});
