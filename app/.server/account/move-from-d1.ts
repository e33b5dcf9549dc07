// Moving a deployed database's per-account rows from D1 into each account's object (decision 0026, "Moving the old
// rows"). The only module that still reads the old D1 tables: page by page in primary-key order, each page inserted
// in one transaction with insert-or-ignore, so a move cut off anywhere (an eviction, a D1 error) is simply run again,
// and no row is lost or copied twice. The object runs it once per account, before it serves that account
// (account/object.ts), and the account-moves queue runs it for every account that has old rows (README "Deploying").
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { getDb, schema, type Database } from "../db";
import type { AppEnv } from "../env";
import type { AccountPart, MovedTable } from "./part";
import { accountParts } from "./parts";
import type { AccountContext } from "./schema";

/** Rows read from D1 and written here per step: small enough for one D1 response and one short transaction. */
export const MOVE_PAGE_ROWS = 200;

/** Each part's old tables (account/parts.ts), in the parts' order: threads before their messages, messages before voice notes. */
const MOVED_TABLES: readonly MovedTable[] = accountParts.flatMap((part: AccountPart) => part.movedFromD1 ?? []);

/** The D1 tables that name an owner: whoever appears in one has rows to move (messages go with their threads). */
const OWNER_COLUMNS = MOVED_TABLES.flatMap((table) => (table.ownerColumn ? [table.ownerColumn] : []));

/** Whether the account has any row in the old tables: one indexed read, so an account without any moves in for that. */
export async function hasRowsInD1(env: Pick<AppEnv, "DB">, accountId: string): Promise<boolean> {
  const checks = OWNER_COLUMNS.map((column) => sql`exists (select 1 from ${column.table} where ${column} = ${accountId})`);
  const [row] = await getDb(env).all<{ found: number }>(sql`select (${sql.join(checks, sql` or `)}) as found`);
  return Boolean(row?.found);
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

/** Notes in D1 that the account was moved, for the progress count (idempotent). */
export async function recordMoved(env: Pick<AppEnv, "DB">, accountId: string, rows: number, now = Date.now()): Promise<void> {
  await getDb(env).insert(schema.accountMoves).values({ accountId, rows, movedAt: now }).onConflictDoNothing();
}

/** D1 allows at most five terms in one compound SELECT: the union is made of unions of at most this many. */
const UNION_TERMS = 4;

/** A union of every owner id the old tables name, as one sub-query. */
function ownersWithRows() {
  const selects = OWNER_COLUMNS.map((column) => sql`select ${column} as id from ${column.table}`);
  const groups = [];
  for (let start = 0; start < selects.length; start += UNION_TERMS) {
    groups.push(sql`select id from (${sql.join(selects.slice(start, start + UNION_TERMS), sql` union `)})`);
  }
  return sql.join(groups, sql` union `);
}

/** Owner ids with rows in the old tables and not moved yet, after `after` in id order: what the move enqueues. */
export async function accountsToMove(env: Pick<AppEnv, "DB">, after: string, limit: number): Promise<string[]> {
  const rows = await getDb(env).all<{ id: string }>(
    sql`select id from (${ownersWithRows()}) where id > ${after} and id not in (select account_id from ${schema.accountMoves}) order by id limit ${limit}`,
  );
  return rows.map((row) => row.id);
}

export interface MoveProgress {
  /** Accounts (and guest ids) that have rows in the old tables. */
  total: number;
  /** Of those, moved into their object. */
  moved: number;
}

export async function moveProgress(env: Pick<AppEnv, "DB">): Promise<MoveProgress> {
  const [row] = await getDb(env).all<{ total: number; moved: number }>(
    sql`select count(*) as total, count(${schema.accountMoves.accountId}) as moved from (${ownersWithRows()}) as owners left join ${schema.accountMoves} on ${schema.accountMoves.accountId} = owners.id`,
  );
  return { total: row?.total ?? 0, moved: row?.moved ?? 0 };
}

/** The statements deleting an account's rows from the old tables (the account is deleted with its object). */
export function forgetD1Rows(db: Database, accountId: string) {
  // Threads take their messages and voice notes with them (D1's foreign keys cascade).
  return MOVED_TABLES.flatMap((table) => (table.ownerColumn ? [db.delete(table.from).where(eq(table.ownerColumn, accountId))] : []));
}
