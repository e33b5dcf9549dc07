// The imports' part of an account (decision 0034, decision 0040-import-chatgpt): the import rows, the conversations
// brought in (so none comes twice, and their text counts against the quota), and the prepared file while it runs.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { importOperations, IMPORT_TASK, runImports } from "./operations";

export const importsPart = accountPart({
  name: "imports",
  tables: [
    {
      table: accountSchema.chatImports,
      export: { notExported: "the import's own progress" },
      quota: { notCounted: "one row per import, at most 3 a day" },
      handOver: { notHandedOver: "a visitor cannot import" },
    },
    {
      table: accountSchema.importedConversations,
      export: { notExported: "the chats themselves are exported with the others" },
      quota: { kind: "importedChats" },
      handOver: { notHandedOver: "a visitor cannot import" },
    },
  ],
  folders: [
    {
      folder: "imports",
      export: { notExported: "an upload being imported, deleted when its import ends" },
      quota: { notCounted: "kept only while its import runs (its chats are counted as they are written)" },
    },
  ],
  operations: importOperations,
  alarms: { [IMPORT_TASK]: (account, now) => runImports(account, now) },
});
