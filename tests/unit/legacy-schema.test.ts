// The old per-account D1 tables are read only by the move (decision 0035-legacy-tables): each part names its
// old tables in `movedFromD1`, and account/move-from-d1.ts is the one module that reads or deletes them. Any other app
// module importing db/legacy-schema.ts fails here, so nothing new comes to depend on tables that are to be dropped.
import { describe, expect, it } from "vitest";
import { importGraph } from "../../scripts/import-cycles.mjs";

const READERS = [
  "app/.server/account/move-from-d1.ts",
  "app/.server/chat/part.ts",
  "app/.server/exports/part.ts",
  "app/.server/horoscope/part.ts",
  "app/.server/images/part.ts",
  "app/.server/voice/part.ts",
];

describe("db/legacy-schema.ts", () => {
  it("is imported by the move and the parts' movedFromD1 only", () => {
    const graph = importGraph(["app", "workers", "db"]);
    const importers = [...graph].filter(([, targets]) => targets.includes("db/legacy-schema.ts")).map(([file]) => file);
    expect(importers.sort()).toEqual(READERS);
  });
});
