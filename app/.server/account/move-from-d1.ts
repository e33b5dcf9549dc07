// Moving a deployed database's per-account rows from D1 into each account's object (decision 0026, "Moving the old
// rows"). The only module that still reads the old D1 tables: page by page in primary-key order, each page inserted
// in one transaction with insert-or-ignore, so a move cut off anywhere (an eviction, a D1 error) is simply run again,
// and no row is lost or copied twice. The object runs it once per account, before it serves that account
// (account/object.ts), and the account-moves queue runs it for every account that has old rows (README "Deploying").
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { legacyAccountMoves } from "../../../db/legacy-schema";
import { getDb, type Database } from "../db";
import { unlessDropped } from "../dropped-table";
import type { AppEnv } from "../env";
import type { AccountPart, MovedTable } from "./part";
import { accountParts } from "./parts";
import type { AccountContext } from "./schema";

/** Rows read from D1 and written here per step: small enough for one D1 response and one short transaction. */
export const MOVE_PAGE_ROWS = 200;

/** Each part's old tables (account/parts.ts), in the parts' order: threads before their messages, messages before voice notes. */
const MOVED_TABLES: readonly MovedTable[] = accountParts.flatMap((part: AccountPart) => part.movedFromD1 ?? []);

/** The D1 tables that name an owner: whoever appears in one has rows to move (messages go with their threads). */
const OWNED_TABLES = MOVED_TABLES.flatMap(({ from, ownerColumn }) => (ownerColumn ? [{ from, ownerColumn }] : []));

/** Whether the account has any row in the old tables: one indexed read, so an account without any moves in for that. */
export async function hasRowsInD1(env: Pick<AppEnv, "DB">, accountId: string): Promise<boolean> {
  const checks = OWNED_TABLES.map(({ from, ownerColumn }) => sql`exists (select 1 from ${from} where ${ownerColumn} = ${accountId})`);
  return unlessDropped(async () => {
    const [row] = await getDb(env).all<{ found: number }>(sql`select (${sql.join(checks, sql` or `)}) as found`);
    return Boolean(row?.found);
  }, false);
}

/**
 * Copies every row the account has in the old D1 tables into its object, page by page; rows the object already has
 * (from an earlier, interrupted run) are kept as they are. Returns how many rows were copied.
 */
export async function moveRowsFromD1(account: Pick<AccountContext, "db" | "env" | "accountId">): Promise<number> {
  const d1 = getDb(account.env);
  let copied = 0;
  for (const table of MOVED_TABLES) {
    let after: string | null = null;
    for (;;) {
      const page: Record<string, unknown>[] = await d1
        .select()
        .from(table.from)
        .where(after === null ? table.owned(account.accountId) : and(table.owned(account.accountId), gt(table.key, after)))
        .orderBy(asc(table.key))
        .limit(MOVE_PAGE_ROWS);
      if (page.length === 0) break;
      account.db.transaction((tx) => {
        // RETURNING names only the rows inserted, not those ignored as already here.
        for (const row of page)
          copied += tx
            .insert(table.to)
            .values(row)
            .onConflictDoNothing()
            .returning({ inserted: sql`1` })
            .all().length;
      });
      after = String(page.at(-1)![table.keyField]);
      if (page.length < MOVE_PAGE_ROWS) break;
    }
  }
  return copied;
}

/** Notes in D1 that the account was moved, for the progress count (idempotent; nothing once the old tables are dropped). */
export async function recordMoved(env: Pick<AppEnv, "DB">, accountId: string, rows: number, now = Date.now()): Promise<void> {
  await unlessDropped(async () => {
    await getDb(env).insert(legacyAccountMoves).values({ accountId, rows, movedAt: now }).onConflictDoNothing();
  }, undefined);
}

/** Owner ids one progress or enqueue request reads: a Queue takes 100 messages per sendBatch, so ten batches. */
export const OWNERS_PER_PAGE = 1000;

/** A range of owner ids in key order: after `after`, up to and including `through` (open-ended when null). */
export interface OwnerRange {
  after: string;
  through?: string | null;
}

/**
 * The reads of one page of owner ids: each old table from `after` along the index that leads with its owner column,
 * at most `limit` distinct ids from each (tests/integration/account-moves.test.ts reads their query plans).
 */
export function ownerPageReads(env: Pick<AppEnv, "DB">, { after, through = null }: OwnerRange, limit = OWNERS_PER_PAGE) {
  const d1 = getDb(env);
  return OWNED_TABLES.map(({ from, ownerColumn }) =>
    d1
      .selectDistinct({ id: ownerColumn })
      .from(from)
      .where(through === null ? gt(ownerColumn, after) : and(gt(ownerColumn, after), lte(ownerColumn, through)))
      .orderBy(asc(ownerColumn))
      .limit(limit),
  );
}

export interface OwnersPage {
  /** The page's owner ids (accounts and guest ids with rows in the old tables) not moved yet, in key order. */
  notMoved: string[];
  /** How many owners the page holds, and how many of them are moved. */
  total: number;
  moved: number;
  /** Where the next page starts (`after`), or null when this was the last. */
  next: string | null;
}

/**
 * One page of the owners the old tables name, each known moved or not: the move's progress and what it enqueues are
 * read a page at a time by key, never as one scan of every old table (decision 0035-legacy-tables). The
 * first `limit` ids after `after` overall are among the first `limit` of each table, so merging the tables' pages is exact.
 */
export async function ownersPage(env: Pick<AppEnv, "DB">, range: OwnerRange, limit = OWNERS_PER_PAGE): Promise<OwnersPage> {
  return unlessDropped(
    async () => {
      const pages = await Promise.all(ownerPageReads(env, range, limit));
      const ids = [...new Set(pages.flat().map((row) => String(row.id)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
      const last = ids.at(-1);
      if (last === undefined) return { notMoved: [], total: 0, moved: 0, next: null };
      const { accountId } = legacyAccountMoves;
      const movedRows = await getDb(env)
        .select({ id: accountId })
        .from(legacyAccountMoves)
        .where(and(gt(accountId, range.after), lte(accountId, last)));
      const moved = new Set(movedRows.map((row) => row.id));
      const notMoved = ids.filter((id) => !moved.has(id));
      return { notMoved, total: ids.length, moved: ids.length - notMoved.length, next: ids.length === limit && range.through == null ? last : null };
    },
    { notMoved: [], total: 0, moved: 0, next: null },
  );
}

/**
 * Deletes the owners' rows from the old tables and their move records, with the account (its object goes too); a
 * batch of its own, so once the tables are dropped it is skipped and the rest of the deletion still runs.
 */
export async function forgetD1Rows(db: Database, owners: readonly string[]): Promise<void> {
  // Threads take their messages and voice notes with them (D1's foreign keys cascade).
  const [first, ...rest] = owners.flatMap((owner) => [
    ...OWNED_TABLES.map(({ from, ownerColumn }) => db.delete(from).where(eq(ownerColumn, owner))),
    db.delete(legacyAccountMoves).where(eq(legacyAccountMoves.accountId, owner)),
  ]);
  if (first) await unlessDropped(async () => void (await db.batch([first, ...rest])), undefined);
}
