// A visitor signing in (decision 0026, "A visitor signing in"): the guest's rows are copied into the account a page
// at a time and the guest forgets them only once every page is in, so a call lost on the way (a network error, an
// eviction) loses nothing, a rerun neither loses nor doubles a row (primary keys), and no reply nears RPC's 32 MiB.
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { accountSchema, type AccountDb } from "./schema";

/** What a guest's object hands over when the guest signs in, in an order that keeps foreign keys valid. */
const HANDED_OVER = [
  accountSchema.chatThreads,
  accountSchema.chatMessages,
  accountSchema.voiceNotes,
  accountSchema.uploads,
  accountSchema.imageJobs,
  accountSchema.galleryImages,
  accountSchema.birthProfiles,
  accountSchema.documents,
  accountSchema.documentPages,
  accountSchema.speechAudio,
] as const;

/** At most this many rows a page... */
const PAGE_ROWS = 500;
/** ...and about this many characters of JSON (a row is at most 2 MB; V8's serialization is at most twice this). */
const PAGE_CHARS = 4_000_000;
/** Rows read at a time while filling a page: a row may be 2 MB, so few, to keep the object's memory small. */
const READ_ROWS = 16;

/** Where the next page starts: the index of a table in HANDED_OVER and the last rowid copied from it. */
export type HandOverCursor = { table: number; after: number };
/** One page of the guest's rows by table name, and where the next starts (null: this was the last). */
export type HandOverPage = { rows: Record<string, Record<string, unknown>[]>; next: HandOverCursor | null };

/** The guest's side: the page of its handed-over rows after `cursor`, by table then rowid. Deletes nothing. */
export function handOverPage(db: AccountDb, cursor: HandOverCursor | null): HandOverPage {
  let { table, after } = cursor ?? { table: 0, after: 0 };
  const rows: HandOverPage["rows"] = {};
  let count = 0;
  let chars = 0;
  while (table < HANDED_OVER.length) {
    const source = HANDED_OVER[table]!;
    const read = db
      .select({ rowid: sql<number>`rowid`, row: getTableColumns(source) })
      .from(source)
      .where(sql`rowid > ${after}`)
      .orderBy(sql`rowid`)
      .limit(READ_ROWS)
      .all();
    for (const { rowid, row } of read) {
      const size = JSON.stringify(row).length;
      if (count > 0 && (count >= PAGE_ROWS || chars + size > PAGE_CHARS)) return { rows, next: { table, after } };
      (rows[getTableName(source)] ??= []).push(row);
      count += 1;
      chars += size;
      after = rowid;
    }
    if (read.length < READ_ROWS) {
      table += 1;
      after = 0;
    }
  }
  return { rows, next: null };
}

/**
 * The account's side: every page of the guest's rows inserted here with the account's owner id, each page in one
 * transaction, keeping a row already here (the account's own birth data wins; a rerun's copies). Answers the rows
 * newly inserted and whether uploads or documents came (their clean-up is scheduled, decision 0013).
 */
export async function copyHandedOver(
  db: AccountDb,
  accountId: string,
  fetchPage: (cursor: HandOverCursor | null) => Promise<HandOverPage>,
): Promise<{ inserted: number; files: boolean }> {
  let inserted = 0;
  let files = false;
  let cursor: HandOverCursor | null = null;
  do {
    const page: HandOverPage = await fetchPage(cursor);
    files ||= Boolean(page.rows[getTableName(accountSchema.uploads)] ?? page.rows[getTableName(accountSchema.documents)]);
    db.transaction((tx) => {
      for (const table of HANDED_OVER) {
        for (const row of page.rows[getTableName(table)] ?? []) {
          const owned = "ownerId" in row ? { ...row, ownerId: accountId } : row;
          inserted += tx
            .insert(table)
            .values(owned)
            .onConflictDoNothing()
            .returning({ one: sql`1` })
            .all().length;
        }
      }
    });
    cursor = page.next;
  } while (cursor);
  return { inserted, files };
}

/** The guest's side, once the account has every page: its handed-over rows deleted, and whom they went to, together. */
export function forgetHandedOver(db: AccountDb, toAccountId: string): void {
  db.transaction((tx) => {
    // Children first is not needed: deleting threads cascades to their messages and voice notes.
    for (const table of [...HANDED_OVER].reverse()) tx.delete(table).run();
    tx.insert(accountSchema.accountMeta).values({ key: "handed-over-to", value: toAccountId }).onConflictDoNothing().run();
  });
}
