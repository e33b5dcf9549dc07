// Account: one Durable Object per account (user id, or a visitor's guest id) that owns the account's personal
// data in its own SQLite storage and generates its answers (decision 0026; the turn's life is decision 0022).
// Capacity grows with the number of accounts: no shared database is written while an answer streams or a page
// is viewed, and an account's reads never leave its object.
import { getTableName } from "drizzle-orm";
import { ChatRelay, RELAY_ALARM_TASK } from "../chat/relay-object";
import { cleanUpAbandonedUploads, scheduleUploadCleanup, UPLOAD_CLEANUP_TASK } from "../images/cleanup";
import { operations, type AccountOperation, type OperationName } from "./operations";
import { accountSchema, type AccountContext } from "./schema";

/** What a guest's object hands over when the guest signs in, in an order that keeps foreign keys valid. */
const HANDED_OVER = [
  accountSchema.chatThreads,
  accountSchema.chatMessages,
  accountSchema.voiceNotes,
  accountSchema.uploads,
  accountSchema.imageJobs,
  accountSchema.galleryImages,
  accountSchema.birthProfiles,
] as const;

type HandedOverRows = Record<string, Record<string, unknown>[]>;

export class Account extends ChatRelay {
  /** Runs one operation of account/operations.ts against this account's storage. */
  async perform(accountId: string, name: OperationName, input: unknown): Promise<unknown> {
    const operation = operations[name];
    if (!operation) throw new Error(`account: no operation ${String(name)}`);
    const context: AccountContext = { db: this.db, env: this.env, accountId, alarms: this.alarms };
    return (operation as AccountOperation)(context, input);
  }

  /**
   * A visitor signed in as `accountId`: what they made as a guest (chats, uploads, creations, birth data) moves
   * from the guest's object into this one, once. The guest's object hands its rows over and forgets them in one
   * step, so two tabs signing in at once move them once; rows already here are kept (an account's own birth data
   * wins over the guest's).
   */
  async adopt(accountId: string, guestId: string): Promise<number> {
    if (guestId === accountId) return 0;
    const guest = this.env.ACCOUNT.get(this.env.ACCOUNT.idFromName(guestId));
    const rows = (await guest.handOver(accountId)) as HandedOverRows;
    let moved = 0;
    // The guest's uploads keep their age; the ones nothing refers to are cleaned up here now (decision 0013).
    if (rows[getTableName(accountSchema.uploads)]?.length) await scheduleUploadCleanup(this.alarms, Date.now());
    this.db.transaction((tx) => {
      for (const table of HANDED_OVER) {
        for (const row of rows[getTableName(table)] ?? []) {
          const owned = "ownerId" in row ? { ...row, ownerId: accountId } : row;
          tx.insert(table).values(owned).onConflictDoNothing().run();
          moved += 1;
        }
      }
    });
    return moved;
  }

  /** This (guest's) object's rows for the account it signed in as, deleted here in the same step (see adopt). */
  async handOver(toAccountId: string): Promise<HandedOverRows> {
    const rows: HandedOverRows = {};
    this.db.transaction((tx) => {
      for (const table of HANDED_OVER) rows[getTableName(table)] = tx.select().from(table).all() as Record<string, unknown>[];
      // Children first is not needed: deleting threads cascades to their messages and voice notes.
      for (const table of [...HANDED_OVER].reverse()) tx.delete(table).run();
      tx.insert(accountSchema.accountMeta).values({ key: "handed-over-to", value: toAccountId }).onConflictDoNothing().run();
    });
    return rows;
  }

  /** The object's one alarm, shared by its tasks (account/alarms.ts). */
  override async alarm(): Promise<void> {
    await this.alarms.run(
      {
        [RELAY_ALARM_TASK]: () => this.keepAlive(),
        [UPLOAD_CLEANUP_TASK]: async (now) => (await cleanUpAbandonedUploads({ db: this.db, env: this.env }, { now })).nextAt,
      },
      // Answers lost to an eviction are looked for whenever the object wakes (it is cheap), as before the tasks.
      { everyWake: [RELAY_ALARM_TASK] },
    );
  }

  /** Deletes everything the object stores (the account was deleted); R2 files are the caller's, deleted first. */
  async erase(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}
