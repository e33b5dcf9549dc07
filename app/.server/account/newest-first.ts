// Keyset paging newest first, for the lists an account's object pages (the gallery's Images and Files tabs): a
// cursor "<createdAt>.<id>" names the last row shown, so rows made in the same millisecond still page in a stable
// order and a row added meanwhile never shifts the next page.
import { and, desc, eq, lt, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

interface NewestFirstColumns {
  createdAt: SQLiteColumn;
  id: SQLiteColumn;
}

function parseCursor(cursor: string | null | undefined): { createdAt: number; id: string } | null {
  const match = /^(\d{1,16})\.([\w-]{1,64})$/.exec(cursor ?? "");
  return match ? { createdAt: Number(match[1]), id: match[2]! } : null;
}

/** The rows after `cursor` (all of them without one, or with one that is not a cursor), and their order. */
export function afterCursor({ createdAt, id }: NewestFirstColumns, cursor: string | null | undefined) {
  const after = parseCursor(cursor);
  return {
    where: after ? or(lt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), lt(id, after.id))) : undefined,
    orderBy: [desc(createdAt), desc(id)] as const,
  };
}

/** A page of `limit` rows from `rows` read with limit + 1, and the cursor of the next page (null on the last). */
export function pageOf<Row extends { createdAt: number; id: string }>(rows: Row[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? `${last.createdAt}.${last.id}` : null };
}
