// The account's tombstone (docs/decisions/0033-account-deletion-job.md): the first step of deleting an account marks
// its object erased, and from then on the object refuses every call that would write (an operation, a turn, a
// hand-over, a move, an alarm task, an answer's rows). The mark is a key of the object's own storage, put back when
// the deletion job wipes that storage, so a message still in a queue days later finds it and writes nothing.
import { AppError } from "../errors";

const KEY = "account:erased";

/** The code a deleted account's object answers with; an AppError's class does not survive RPC, its message does. */
export const ACCOUNT_DELETED = "account/deleted";

export class Tombstone {
  private erasedAt: number | null = null;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Read once, before the object serves anything (account/storage.ts). */
  async load(): Promise<void> {
    this.erasedAt = (await this.storage.get<number>(KEY)) ?? null;
  }

  get erased(): boolean {
    return this.erasedAt !== null;
  }

  /** Marks the object erased (once; a second mark keeps the first time). */
  async mark(now = Date.now()): Promise<void> {
    if (this.erasedAt !== null) return;
    await this.storage.put(KEY, now);
    this.erasedAt = now;
  }

  /** Throws account/deleted once the object is erased. */
  refuse(): void {
    if (this.erased) throw new AppError(ACCOUNT_DELETED);
  }

  /** Deletes everything the object stores except the mark itself. */
  async wipe(): Promise<void> {
    const at = this.erasedAt ?? Date.now();
    await this.storage.deleteAlarm();
    await this.storage.deleteAll();
    await this.storage.put(KEY, at);
    this.erasedAt = at;
  }
}

/**
 * Whether `error` is a deleted account's refusal, however it arrived: thrown here, or across RPC from the object (where
 * it becomes a plain Error whose message is "AppError: <code>"). Queue consumers acknowledge such a message and write
 * nothing (queue-consumer.ts).
 */
export function isAccountDeleted(error: unknown): boolean {
  return error instanceof Error && error.message.replace(/^AppError: /, "") === ACCOUNT_DELETED;
}

/** `call`'s answer, or `otherwise` when it finds the account's object erased; other failures are thrown. */
export async function unlessDeleted<T>(call: Promise<T>, otherwise: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isAccountDeleted(error)) return otherwise;
    throw error;
  }
}

/**
 * Whose R2 folders hold an account's files (decision 0033): its own, every guest merged into it, and any guest a file
 * its rows name was made by. Read before the object's storage is wiped; kept in the deletion record for the job.
 */
export function fileOwners(accountId: string, keys: string[], mergedGuests: string[]): string[] {
  const named = keys.map((key) => key.split("/")[1] ?? "").filter((owner) => owner.startsWith("g_"));
  return [...new Set([accountId, ...mergedGuests, ...named])];
}
