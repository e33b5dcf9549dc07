// Counts the statements that reach a D1 binding, reads and writes apart (a write is what D1 sends to the primary:
// app/.server/db-session.ts isWriteStatement). Used by the integration tests that hold a page to its D1 budget and
// by the benchmark's worker (tests/bench/d1-count-worker.ts); never part of the deployed worker.
import { isWriteStatement } from "../../app/.server/db-session";

/**
 * The account's own data, which leaves D1 for the account's Durable Object (decision 0026). Until it has, the
 * screens that show it read these tables; the counts say how many of a request's queries are theirs.
 */
export const ACCOUNT_TABLES = [
  "chat_threads",
  "chat_messages",
  "chat_messages_fts",
  "gallery_images",
  "image_jobs",
  "uploads",
  "birth_profiles",
  "data_exports",
];

const ACCOUNT_TABLE = new RegExp(`\\b(?:${ACCOUNT_TABLES.join("|")})\\b`);
const ofAccountTables = (sql: string) => ACCOUNT_TABLE.test(sql);

export interface D1QueryCounts {
  reads: number;
  writes: number;
  /** Of those, the ones on the account's own tables (ACCOUNT_TABLES). */
  accountReads: number;
  accountWrites: number;
  /** The statements in the order they ran, for a message that says which ones went over. */
  statements: string[];
}

/** A prepared statement that counts itself when it runs; `bind` keeps counting on the bound copy. */
class CountedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly count: (sql: string) => void,
  ) {}

  bind(...values: unknown[]): CountedStatement {
    return new CountedStatement(this.inner.bind(...values), this.sql, this.count);
  }

  first<T>(column?: string): Promise<T | null> {
    this.count(this.sql);
    return column === undefined ? this.inner.first<T>() : this.inner.first<T>(column);
  }

  run<T>(): Promise<D1Result<T>> {
    this.count(this.sql);
    return this.inner.run<T>();
  }

  all<T>(): Promise<D1Result<T>> {
    this.count(this.sql);
    return this.inner.all<T>();
  }

  raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    this.count(this.sql);
    return options?.columnNames ? (this.inner.raw<T>({ columnNames: true }) as unknown as Promise<T[]>) : this.inner.raw<T>();
  }
}

type Preparer = Pick<D1Database, "prepare" | "batch">;

/** The statements of a batch run together, each counted. */
function countedClient<T extends Preparer>(inner: T, count: (sql: string) => void) {
  return {
    prepare: (sql: string) => new CountedStatement(inner.prepare(sql), sql, count) as unknown as D1PreparedStatement,
    batch: <R>(statements: D1PreparedStatement[]) =>
      inner.batch<R>(
        statements.map((statement) => {
          const counted = statement as unknown as CountedStatement;
          count(counted.sql);
          return counted.inner;
        }),
      ),
  };
}

/**
 * `binding` with every statement counted into `counts`, its sessions (withSession) included. `onStatement` runs
 * for each, after counting.
 */
export function countingD1(binding: D1Database, counts: D1QueryCounts, onStatement: () => void = () => undefined): D1Database {
  const count = (sql: string) => {
    const write = isWriteStatement(sql);
    if (write) counts.writes++;
    else counts.reads++;
    if (ofAccountTables(sql)) {
      if (write) counts.accountWrites++;
      else counts.accountReads++;
    }
    counts.statements.push(sql.replace(/\s+/g, " ").slice(0, 120));
    onStatement();
  };
  const counted = countedClient(binding, count);
  return {
    ...counted,
    exec: (query: string) => {
      count(query);
      return binding.exec(query);
    },
    withSession: (constraintOrBookmark?: string) => {
      const session = binding.withSession(constraintOrBookmark);
      return { ...countedClient(session, count), getBookmark: () => session.getBookmark() } as D1DatabaseSession;
    },
    dump: () => binding.dump(),
  } as D1Database;
}

export function emptyCounts(): D1QueryCounts {
  return { reads: 0, writes: 0, accountReads: 0, accountWrites: 0, statements: [] };
}
