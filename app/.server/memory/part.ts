// Memory's part of an account (decision 0034, decision 0027): what the assistant remembers, its settings, and the note
// under each answer saying what memory did. Memory is a signed-in person's: a visitor's turns save none.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { memoryOperations } from "./store";

const SMALL_TEXT = { notCounted: "short texts, at most a few hundred memories (decision 0027)" } as const;
const VISITORS_HAVE_NONE = { notHandedOver: "a visitor has no memory (decision 0027)" } as const;

export const memoryPart = accountPart({
  name: "memory",
  tables: [
    { table: accountSchema.memories, export: { archive: ["memory.json"] }, quota: SMALL_TEXT, handOver: VISITORS_HAVE_NONE },
    { table: accountSchema.memorySettings, export: { archive: ["memory.json"] }, quota: SMALL_TEXT, handOver: VISITORS_HAVE_NONE },
    { table: accountSchema.memoryNotes, export: { archive: ["memory-notes.json"] }, quota: SMALL_TEXT, handOver: VISITORS_HAVE_NONE },
  ],
  virtualTables: [{ name: "memory_search", export: { notExported: "an index made from the memories" }, quota: SMALL_TEXT }],
  folders: [],
  operations: memoryOperations,
});
