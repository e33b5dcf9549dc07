// Keyset paging newest first, for the lists an account's object pages (the history by last activity, the gallery's
// Images and Files tabs by creation): a cursor "<time>.<id>" names the last row shown, so rows of the same
// millisecond still page in a stable order and a row added meanwhile never shifts the next page.
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** The list's time column (newest first) and its id column (the tie-break). */
interface NewestFirstColumns {
  time: SQLiteColumn;
  id: SQLiteColumn;
}

/** A cursor as this module writes it; the history's older "<time>:<id>" (pages open before it changed) still reads. */
function parseCursor(cursor: string | null | undefined): { time: number; id: string } | null {
  const match = /^(\d{1,16})[.:]([\w-]{1,64})$/.exec(cursor ?? "");
  return match ? { time: Number(match[1]), id: match[2]! } : null;
}

/** The rows after `cursor` (all of them without one, or with one that is not a cursor), and their order. */
export function afterCursor({ time, id }: NewestFirstColumns, cursor: string | null | undefined) {
  const after = parseCursor(cursor);
  return {
    where: after ? or(lt(time, after.time), and(eq(time, after.time), lt(id, after.id))) : undefined,
    orderBy: [desc(time), desc(id)] as const,
  };
}

/** A page of `limit` rows from `rows` read with limit + 1, and the cursor of the next page (null on the last). */
export function pageOf<Row extends { id: string }>(rows: Row[], limit: number, timeOf: (row: Row) => number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? `${timeOf(last)}.${last.id}` : null };
}
