// Bench only (`npm run bench`, "History and search in the account object"): fills an account's object with a large
// history and times the history panel's and search's own queries inside the object, where the app runs them; and
// counts the rows the object writes while an answer streams ("Chat: row writes per streamed answer of 3 KB",
// docs/decisions/0022). The operations refuse to run unless APP_ENV is "development"; the route that calls them (dev.history-bench.ts) answers
// only on this machine (SECURITY.md "Development pages").
import { sql } from "drizzle-orm";
import type { AccountContext } from "../account/schema";
import { AppError } from "../errors";
import { HISTORY_PAGE_SIZE } from "./history";
import { historyPage, searchIn, toFtsQuery } from "./thread-operations";

export interface HistorySeed {
  threads: number;
  messagesPerThread: number;
  /** Made-up words the titles and messages are drawn from (so a search matches a realistic share of messages). */
  words: string[];
  now: number;
}

const WORDS_PER_MESSAGE = 12;

function developmentOnly({ env }: AccountContext) {
  if (env.APP_ENV !== "development") throw new AppError("request/not-found");
}

type CountedStorage = DurableObjectStorage & { sql: SqlStorage };

/** The object's storage while its row writes are counted: the counters and the methods they wrap, to put back. */
const counting = new WeakMap<object, { rows: () => number; restore: () => void }>();

/** A statement on the chat's own tables (its threads, messages and their search index), not another part's. */
const CHAT_TABLE = /"chat_(threads|messages|search)"/;

/**
 * Counts from now the rows the object writes for answers: each statement's rowsWritten on the chat's tables (read once
 * the counting stops, when every cursor is done; memory's note and a memory job landing meanwhile are memory's, decision
 * 0027) and each key its key-value storage puts or actually deletes (a row each in the same database).
 */
function countRowWrites(storage: CountedStorage) {
  const { sql } = storage;
  const exec = sql.exec;
  const put = storage.put;
  const remove = storage.delete;
  const cursors: { rowsWritten: number }[] = [];
  let keys = 0;
  sql.exec = ((query: string, ...bindings: unknown[]) => {
    const cursor = exec.call(sql, query, ...bindings);
    if (CHAT_TABLE.test(query)) cursors.push(cursor);
    return cursor;
  }) as SqlStorage["exec"];
  storage.put = ((first: unknown, ...rest: unknown[]) => {
    keys += typeof first === "string" ? 1 : Object.keys(first as object).length;
    return (put as (...args: unknown[]) => unknown).call(storage, first, ...rest);
  }) as typeof put;
  storage.delete = (async (first: unknown, ...rest: unknown[]) => {
    const deleted = (await (remove as (...args: unknown[]) => Promise<boolean | number>).call(storage, first, ...rest)) as boolean | number;
    keys += Number(deleted);
    return deleted;
  }) as typeof remove;
  return {
    rows: () => cursors.reduce((sum, cursor) => sum + cursor.rowsWritten, 0) + keys,
    restore: () => {
      sql.exec = exec;
      storage.put = put;
      storage.delete = remove;
    },
  };
}

export const historyBenchOperations = {
  /** "start" counts the object's row writes from now; "read" stops counting and answers how many rows were written. */
  "bench.rowWrites": (account: AccountContext, { action }: { action: "start" | "read" }): number => {
    developmentOnly(account);
    const storage = (account.db as unknown as { $client: CountedStorage }).$client;
    const counted = counting.get(storage);
    counting.delete(storage);
    counted?.restore();
    if (action === "start") {
      counting.set(storage, countRowWrites(storage));
      return 0;
    }
    return counted?.rows() ?? 0;
  },

  /** Replaces the account's chats with `threads` threads of `messagesPerThread` messages each (search index included). */
  "bench.seedHistory": (account: AccountContext, seed: HistorySeed): number => {
    developmentOnly(account);
    const { db, accountId } = account;
    const size = seed.words.length;
    // Word k of row m, picked by a hash so rows differ (the same recipe as the D1 bench seed it replaces).
    const pick = (k: number) => `(SELECT w FROM bench_vocab WHERE n = ((m * 2654435761 + ${k * 40503 + 17}) / 7) % ${size})`;
    const content = Array.from({ length: WORDS_PER_MESSAGE }, (_, k) => pick(k)).join(" || ' ' || ");
    const messages = seed.threads * seed.messagesPerThread;
    db.transaction((tx) => {
      tx.run(sql`DELETE FROM chat_threads`);
      tx.run(sql`CREATE TABLE IF NOT EXISTS bench_vocab (n INTEGER PRIMARY KEY, w TEXT NOT NULL)`);
      tx.run(sql`DELETE FROM bench_vocab`);
      seed.words.forEach((word, index) => tx.run(sql`INSERT INTO bench_vocab (n, w) VALUES (${index}, ${word})`));
      tx.run(
        sql.raw(`WITH RECURSIVE seq(m) AS (SELECT 0 UNION ALL SELECT m + 1 FROM seq WHERE m < ${seed.threads - 1})
          INSERT INTO chat_threads (id, owner_id, tool, title, starred, created_at, updated_at)
          SELECT printf('bench-t-%05d', m), '${accountId.replace(/'/g, "''")}', 'web-main', 'Notes on ' || ${pick(101)} || ' and ' || ${pick(102)},
            m % 20 = 0, ${seed.now} - m * 600000, ${seed.now} - m * 600000 FROM seq`),
      );
      tx.run(
        sql.raw(`WITH RECURSIVE seq(m) AS (SELECT 0 UNION ALL SELECT m + 1 FROM seq WHERE m < ${messages - 1})
          INSERT INTO chat_messages (id, thread_id, role, content, model, status, created_at, updated_at)
          SELECT printf('bench-m-%06d', m), printf('bench-t-%05d', m / ${seed.messagesPerThread}),
            CASE WHEN m % 2 = 0 THEN 'user' ELSE 'assistant' END, ${content}, 'gpt-4o-mini', 'complete',
            ${seed.now} - (m / ${seed.messagesPerThread}) * 600000 - 60000 + (m % ${seed.messagesPerThread}) * 1000,
            ${seed.now} - (m / ${seed.messagesPerThread}) * 600000 - 60000 + (m % ${seed.messagesPerThread}) * 1000 FROM seq`),
      );
      tx.run(sql`DROP TABLE bench_vocab`);
    });
    return messages;
  },
  /**
   * The history panel's first page and a search for `word`, each run `perRound` times in each of `rounds` rounds:
   * milliseconds per query of each round (the clock inside the object ticks in whole milliseconds, hence the rounds).
   */
  "bench.timeHistory": (account: AccountContext, input: { word: string; rounds: number; perRound: number }) => {
    developmentOnly(account);
    const { db } = account;
    const query = toFtsQuery(input.word) ?? "";
    const history: number[] = [];
    const search: number[] = [];
    let pageSize = 0;
    let found = 0;
    for (let round = 0; round < input.rounds; round++) {
      const started = Date.now();
      for (let run = 0; run < input.perRound; run++) pageSize = historyPage(db, {}).threads.length;
      const paged = Date.now();
      for (let run = 0; run < input.perRound; run++) found = searchIn(db, query, { limit: HISTORY_PAGE_SIZE }).threads.length;
      history.push((paged - started) / input.perRound);
      search.push((Date.now() - paged) / input.perRound);
    }
    return { history, search, pageSize, found };
  },
  /**
   * What the search index costs a change (db/account-migrations/0008_chat_search_by_rowid.sql), in the object holding
   * the seeded history: a finished answer (a streaming row made final, which its trigger indexes), `perRound` times in
   * each of `rounds` rounds, and deleting the `deleteThreads` oldest-first threads with their messages (as "Delete all
   * chats" does for an account of that size, here against the whole index), each inside a transaction that is rolled
   * back so the seeded history stays for the other figures.
   */
  "bench.timeIndexCost": (account: AccountContext, input: { rounds: number; perRound: number; deleteThreads: number[] }) => {
    developmentOnly(account);
    const { db } = account;
    const indexRows = Number(
      db.get<{ rows: number }>(sql`SELECT (SELECT count(*) FROM chat_threads) + (SELECT count(*) FROM chat_search WHERE message_id IS NOT NULL) AS rows`)
        ?.rows ?? 0,
    );
    const finish: number[] = [];
    for (let round = 0; round < input.rounds; round++) {
      const ids = Array.from({ length: input.perRound }, (_, run) => `bench-finish-${round}-${run}`);
      for (const id of ids)
        db.run(sql`INSERT INTO chat_messages (id, thread_id, role, content, status, created_at, updated_at)
          VALUES (${id}, 'bench-t-00000', 'assistant', '', 'streaming', 0, 0)`);
      const started = Date.now();
      for (const id of ids) db.run(sql`UPDATE chat_messages SET content = 'A finished answer about the harbour', status = 'complete' WHERE id = ${id}`);
      finish.push((Date.now() - started) / input.perRound);
      for (const id of ids) db.run(sql`DELETE FROM chat_messages WHERE id = ${id}`);
    }
    const deletes = input.deleteThreads.map((threads) => {
      let messages = 0;
      let elapsed = 0;
      try {
        db.transaction((tx) => {
          const oldest = sql`SELECT id FROM chat_threads ORDER BY updated_at LIMIT ${threads}`;
          messages = Number(tx.get<{ count: number }>(sql`SELECT count(*) AS count FROM chat_messages WHERE thread_id IN (${oldest})`)?.count ?? 0);
          const started = Date.now();
          // Messages go with their threads by the foreign key's cascade, each firing its own index trigger.
          tx.run(sql`DELETE FROM chat_threads WHERE id IN (${oldest})`);
          elapsed = Date.now() - started;
          tx.rollback();
        });
      } catch (error) {
        if (!(error instanceof Error && error.message === "Rollback")) throw error;
      }
      return { threads, messages, ms: elapsed };
    });
    return { indexRows, finish, deletes };
  },
};
