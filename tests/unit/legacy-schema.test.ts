// The D1 tables that are to be dropped are read only where they are being retired (db/legacy-schema.ts): the old
// per-account tables by the move (decision 0035-legacy-tables; each part names its old tables in `movedFromD1`, and
// account/move-from-d1.ts is the one module that reads or deletes them), and D1's old `sessions` by the old-format
// cookie's reader (auth/legacy-session.ts, decision 0039). Any other app module importing db/legacy-schema.ts fails
// here, so nothing new comes to depend on tables that are to be dropped.
import { describe, expect, it } from "vitest";
import { importGraph } from "../../scripts/import-cycles.mjs";

const READERS = [
  "app/.server/account/move-from-d1.ts",
  "app/.server/auth/legacy-session.ts",
  "app/.server/chat/part.ts",
  "app/.server/exports/part.ts",
  "app/.server/horoscope/part.ts",
  "app/.server/images/part.ts",
  "app/.server/voice/part.ts",
];

describe("db/legacy-schema.ts", () => {
  it("is imported by the move, the parts' movedFromD1 and the old-format session cookie's reader only", () => {
    const graph = importGraph(["app", "workers", "db"]);
    const importers = [...graph].filter(([, targets]) => targets.includes("db/legacy-schema.ts")).map(([file]) => file);
    expect(importers.sort()).toEqual(READERS);
  });
});
