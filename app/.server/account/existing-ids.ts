// Which of some rows still exist in the account's object: a memory deleted while an answer streamed is not named under
// it (memory/store.ts), and a shared snapshot shows only the photos still kept (share/operations.ts).
import { inArray } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AccountDb } from "./schema";

/** The ids among `ids` that `table` still holds (one indexed read; none for an empty list). */
export function existingIds(db: AccountDb, table: SQLiteTable & { id: SQLiteColumn }, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = db.select({ id: table.id }).from(table).where(inArray(table.id, ids)).all();
  return new Set(rows.map((row) => String(row.id)));
}
