// D1 tables the code still reads while a reviewed step in db/legacy/ is waiting to drop them (decisions
// 0035-legacy-tables and 0039): each read answers "nothing there" once D1 says the table is gone, so the drop may run
// before or after the worker that stops reading them is live. One place, shared by the move of the old per-account
// rows (account/move-from-d1.ts), the old-format session cookie (auth/legacy-session.ts) and the retention cron.

/**
 * Whether `error` is D1 saying a table is gone (`table`: that one; otherwise any), however drizzle wrapped it: a
 * dropped table holds nothing to read or delete.
 */
export function isDroppedTable(error: unknown, table?: string): boolean {
  const gone = table ? new RegExp(`no such table: (\\w+\\.)?${table}\\b`, "i") : /no such table/i;
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (gone.test(cause.message)) return true;
  return false;
}

/** `read`'s answer, or `empty` when a table it reads was dropped; other errors are thrown. */
export async function unlessDropped<T>(read: () => Promise<T>, empty: T, table?: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isDroppedTable(error, table)) return empty;
    throw error;
  }
}
