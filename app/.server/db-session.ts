// D1 through the Sessions API (docs/decisions/0001-workers-layout.md "D1 sessions"). Each request gets a
// RequestDatabase in place of env.DB: its queries run in a D1 session, so reads can be served by the nearest read
// replica, yet never by one older than the bookmark the person's browser brought back from its last write. The
// worker (workers/app.ts, http/d1-bookmark.ts) reads that bookmark from a cookie and stores the new one when the
// request wrote.

/** A D1 session's bookmark: `<8 hex>-<8 hex>-<8 hex>-<32 hex>`, ordered oldest to newest as strings. */
export const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

const WRITE_STATEMENT = /^\s*(?:insert|update|delete|replace|create|drop|alter)\b/i;
const WITH_WRITE = /^\s*with\b[\s\S]*\b(?:insert|update|delete|replace)\s/i;

/** Whether a statement changes the database (D1 sends it to the primary). A `WITH ... INSERT` counts as one. */
export function isWriteStatement(sql: string): boolean {
  return WRITE_STATEMENT.test(sql) || WITH_WRITE.test(sql);
}

/** The newer of two bookmarks (D1 bookmarks sort as strings). */
function newer(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? b : a;
}

/** Whether any statement of a request wrote; shared by its sessions. */
class WriteRecord {
  wrote = false;

  note(sql: string) {
    if (!this.wrote && isWriteStatement(sql)) this.wrote = true;
  }
}

/** A D1 client over one session, started at its first query (a request that never queries costs nothing). */
class SessionDatabase implements D1Database {
  #session: D1DatabaseSession | undefined;

  constructor(
    protected readonly binding: D1Database,
    private readonly startAt: string,
    protected readonly writes: WriteRecord,
  ) {}

  prepare(sql: string): D1PreparedStatement {
    this.writes.note(sql);
    return (this.#session ??= this.binding.withSession(this.startAt)).prepare(sql);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    return (this.#session ??= this.binding.withSession(this.startAt)).batch<T>(statements);
  }

  /** Multi-statement scripts (none at request time) go to the primary, as exec always does. */
  exec(query: string): Promise<D1ExecResult> {
    this.writes.wrote = true;
    return this.binding.exec(query);
  }

  withSession(constraintOrBookmark?: string): D1DatabaseSession {
    return this.binding.withSession(constraintOrBookmark);
  }

  dump(): Promise<ArrayBuffer> {
    return this.binding.dump();
  }

  /** The newest bookmark D1 gave this session; null before its first query. */
  bookmark(): string | null {
    return this.#session?.getBookmark() ?? null;
  }
}

/**
 * env.DB for one request. At most two sessions: the one most queries use, started from the person's bookmark (or
 * anywhere, without one), and for getPrimaryDb's callers one whose first query goes to the primary.
 */
export class RequestDatabase extends SessionDatabase {
  #primary: SessionDatabase | undefined;

  constructor(binding: D1Database, bookmark: string | null) {
    super(binding, bookmark ?? "first-unconstrained", new WriteRecord());
  }

  /** The same request's database with its first query sent to the primary (getPrimaryDb). */
  get primary(): D1Database {
    return (this.#primary ??= new SessionDatabase(this.binding, "first-primary", this.writes));
  }

  /**
   * The bookmark the browser should bring back, when this request wrote: the newest of its sessions', which is at
   * or after every write it made. Null when it only read (the browser's bookmark still holds) or D1 gave none.
   */
  bookmarkAfterWrites(): string | null {
    if (!this.writes.wrote) return null;
    return newer(this.bookmark(), this.#primary?.bookmark() ?? null);
  }
}

/**
 * The client whose first query goes to the primary. The binding itself outside a request (queue consumers, crons,
 * Durable Objects): without a session every D1 query already runs on the primary.
 */
export function primaryOf(database: D1Database): D1Database {
  return database instanceof RequestDatabase ? database.primary : database;
}
