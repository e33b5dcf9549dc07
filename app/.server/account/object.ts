// Account: one Durable Object per account (user id, or a visitor's guest id) that owns the account's personal
// data in its own SQLite storage and generates its answers (decision 0026; the turn's life is decision 0022).
// Capacity grows with the number of accounts: no shared database is written while an answer streams or a page
// is viewed, and an account's reads never leave its object.
import { eq } from "drizzle-orm";
import { migrate } from "drizzle-orm/durable-sqlite/migrator";
import migrations from "../../../db/account-migrations";
import { joinInAccount } from "../chat/join";
import { beginTurn, type BegunTurn, type TurnAsk } from "../chat/turn/begin";
import { TurnRunner } from "../chat/turn/runner";
import { accountTurnStore } from "../chat/turn/store";
import type { TurnStart } from "../chat/turn/types";
import { takeOverOldCounter } from "../credits/account-credits";
import { EXPORT_CLEANUP_TASK, nextExportCleanUp } from "../exports/operations";
import { scheduleUploadCleanup } from "../images/cleanup";
import { scheduleStuckJobSweep } from "../images/stuck-jobs";
import { TEMPORARY_CLEANUP_TASK } from "../chat/temporary-attachments";
import { now as clockNow } from "../clock";
import type { AppEnv } from "../env";
import { afterTurn } from "../memory/jobs";
import { notifyAnswerFinished } from "../notifications/background";
import { schedulesAlarm, SCHEDULES_TASK } from "../schedules/operations";
import { runSchedules } from "../schedules/run";
import { copyHandedOver, forgetHandedOver, handOverPage, type HandOverCursor, type HandOverPage } from "./hand-over";
import { mintedAfterD1 } from "./ids";
import { hasRowsInD1, moveRowsFromD1, recordMoved } from "./move-from-d1";
import { operations, type AccountOperation, type OperationName } from "./operations";
import type { AccountPart } from "./part";
import { accountParts } from "./parts";
import { accountSchema } from "./schema";
import { AccountStorage } from "./storage";
import { fileOwners } from "./tombstone";

/** account_meta: when the account's rows were moved in from D1 (decision 0026); the object serves it only after. */
const ARRIVED = "moved-from-d1";
/** account_meta: a guest merged into this account (`guest:<id>`), whose files in R2 go with the account. */
const GUEST_PREFIX = "guest:";
/** The turns' task on the object's one alarm (account/alarms.ts); the name deployed objects have stored. */
const TURNS_ALARM_TASK = "relay";

export class Account extends AccountStorage {
  /** The move of the account's old rows in, once per object (see arrive). */
  private arrival: Promise<number> | null = null;
  /**
   * The account's answers, each a turn of chat/turn/machine.ts, run here (decision 0022): the one owner of a turn from
   * its charge to its end. Once the account is being deleted a turn writes nothing more, and queues no memory job.
   */
  protected readonly runner: TurnRunner;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    this.runner = new TurnRunner(
      ctx,
      env,
      accountTurnStore(() => this.accountContext(), this.tombstone),
      {
        wakeAt: (at) => void (this.tombstone.erased || this.alarms.schedule(TURNS_ALARM_TASK, at, { allowUnconfirmed: true })),
        afterFinish: async (turn) => {
          if (!this.tombstone.erased) await afterTurn(this.accountContext(), turn);
        },
        finishedUnread: async (turn) => {
          if (!this.tombstone.erased) await notifyAnswerFinished(this.accountContext(), turn.threadId);
        },
      },
    );
  }

  /** Runs one operation of account/operations.ts against this account's storage. */
  async perform(name: OperationName, input: unknown): Promise<unknown> {
    const operation = operations[name];
    if (!operation) throw new Error(`account: no operation ${String(name)}`);
    await this.arrive();
    const result = await (operation as AccountOperation)(this.accountContext(), input);
    // "Delete all chats" is final (decision 0033): an answer still being written belongs to a chat that is gone, so it
    // stops now instead of asking the provider on; its memory job finds its turn gone and keeps nothing.
    if (name === "chat.deleteAll") this.runner.stopAll();
    return result;
  }

  // The account's answers over RPC (no HTTP framing of the turn or of each piece of the answer on the way to the
  // first token). An answer keeps being made and saved when its reader goes; any number of readers can join it.

  /**
   * A chat turn in one call (chat/turn/begin.ts, decision 0009): charged here, its thread, memory and image read here,
   * composed and started (or launched on an owner hint) by this object's runner.
   */
  async beginTurn(ask: TurnAsk): Promise<BegunTurn> {
    // A turn asked of another account's object is refused: the turn's owner is this object's account.
    if (ask.who.accountId !== this.accountId) throw new Error("account: a turn asked of another account's object");
    await this.arrive();
    return beginTurn(this.accountContext(), this.runner, ask);
  }

  /** Starts a composed turn as is (what beginTurn does once it is composed), read as Server-Sent Events. */
  async start(input: TurnStart): Promise<ReadableStream<Uint8Array> | null> {
    this.tombstone.refuse();
    return this.runner.start(input);
  }

  /** The owner of a launched turn is confirmed (decision 0009): its rows are written, then it is read like start()'s. */
  async confirm(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    this.tombstone.refuse();
    return this.runner.confirm(messageId);
  }

  /**
   * A launched turn the route will not confirm (its owner turned out different, or confirming failed): the machine's
   * cancel drops it and gives its charge back (chat/turn/runner.ts cancel), in one call.
   */
  async cancelLaunch(messageId: string): Promise<void> {
    await this.arrive();
    await this.runner.cancel(messageId);
  }

  /** Joins one of the account's answers in one call (chat/join.ts); null when the account has no such message. */
  async joinAnswer(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    await this.arrive();
    return joinInAccount(this.accountContext(), this.runner, messageId);
  }

  /** Stops one of the account's answers if it is being generated, keeping what came (one call); false when there is none. */
  async stopAnswer(messageId: string): Promise<boolean> {
    await this.arrive();
    const message = operations["chat.message"](this.accountContext(), messageId);
    if (!message) return false;
    if (message.status === "streaming") await this.runner.stop(messageId);
    return true;
  }

  /**
   * The account's rows from before it had this object (D1's tables, its old credits counter) are moved in before it
   * is first served, once: an account not moved yet by the account-moves queue is moved on first use, and reads
   * never see it half moved. Afterwards this is a look at a field (no D1 read once moved). Returns the rows copied.
   */
  protected arrive(): Promise<number> {
    this.tombstone.refuse();
    this.arrival ??= this.moveIn(this.accountId).catch((error: unknown) => {
      // Tried again by the next call: the move is safe to repeat.
      this.arrival = null;
      throw error;
    });
    return this.arrival;
  }

  private async moveIn(accountId: string): Promise<number> {
    const { accountMeta } = accountSchema;
    if (this.db.select().from(accountMeta).where(eq(accountMeta.key, ARRIVED)).get()) return 0;
    const account = this.accountContext();
    // An account with no old rows needs nothing more: no D1 pages, no call to a counter it never had. One minted since
    // the old tables stopped being written cannot have any, so D1 is not even asked (account/ids.ts).
    if (mintedAfterD1(accountId) || !(await hasRowsInD1(this.env, accountId))) {
      this.markArrived(String(Date.now()));
      return 0;
    }
    const [rows] = await Promise.all([moveRowsFromD1(account), takeOverOldCounter(account)]);
    this.markArrived(String(Date.now()));
    // What moved in may need the alarm: exports to expire, uploads nothing refers to (decision 0013).
    const cleanUp = nextExportCleanUp(account);
    if (cleanUp !== null) await this.alarms.schedule(EXPORT_CLEANUP_TASK, cleanUp);
    await scheduleUploadCleanup(this.alarms, Date.now());
    // Jobs left queued by messages an older worker wrote are swept an hour on (images/stuck-jobs.ts).
    await scheduleStuckJobSweep(account, Date.now());
    // Counted in D1 only when something moved: an account that never had old rows is not in the move's total, and a
    // new visitor's first page stays free of D1 writes.
    if (rows > 0) await recordMoved(this.env, accountId, rows).catch((error: unknown) => console.error("account: move not recorded", accountId, error));
    return rows;
  }

  private markArrived(when: string) {
    this.db.insert(accountSchema.accountMeta).values({ key: ARRIVED, value: when }).onConflictDoNothing().run();
  }

  /** The account-moves queue's call (account/moves.ts): moves the account in now, if it is not already. */
  async moveFromD1(): Promise<number> {
    return this.arrive();
  }

  /** The R2 files this account's rows name, and the guest ids merged into it (for their folders): for deleting it. */
  async files(): Promise<{ keys: string[]; mergedGuests: string[] }> {
    if (!this.tombstone.erased) await this.arrive();
    const { voiceNotes, accountMeta } = accountSchema;
    const keys = [
      ...operations["uploads.allFiles"](this.accountContext()),
      ...this.db
        .select({ key: voiceNotes.r2Key })
        .from(voiceNotes)
        .all()
        .map((row) => row.key),
    ];
    const merged = this.db.select({ key: accountMeta.key }).from(accountMeta).all();
    return { keys, mergedGuests: merged.filter((row) => row.key.startsWith(GUEST_PREFIX)).map((row) => row.key.slice(GUEST_PREFIX.length)) };
  }

  /**
   * A visitor signed in as this account: what they made as a guest (chats, uploads, creations, birth data) moves
   * from the guest's object into this one (account/hand-over.ts, decision 0026). Every page of the guest's rows is
   * copied first, then the merge is recorded, and only then does the guest forget them: a sign-in cut anywhere loses
   * nothing and the next one finishes the move; two tabs signing in at once copy the same rows, kept once by their
   * primary keys. Rows already here are kept (an account's own birth data wins over the guest's). The guest's files
   * stay where they are in R2: their keys are in the rows, and deleting the account deletes `guest:` folders too.
   * Credits are not merged (the guest's day was the guest's), and a guest has no exports. Answers the rows inserted.
   */
  async adopt(guestId: string): Promise<number> {
    const accountId = this.accountId;
    if (guestId === accountId) return 0;
    await this.arrive();
    const guest = this.env.ACCOUNT.get(this.env.ACCOUNT.idFromName(guestId));
    const { inserted, files } = await copyHandedOver(this.db, accountId, async (cursor) => (await guest.handOverPage(cursor)) as HandOverPage);
    // The guest's uploads and documents keep their age; the ones nothing refers to are cleaned up here now (decision 0013).
    if (files) await scheduleUploadCleanup(this.alarms, Date.now());
    // A temporary chat's attachments keep their hour (decision 0027): the task looks now and wakes for the next one.
    if (files) await this.alarms.schedule(TEMPORARY_CLEANUP_TASK, clockNow());
    this.db
      .insert(accountSchema.accountMeta)
      .values({ key: `${GUEST_PREFIX}${guestId}`, value: String(Date.now()) })
      .onConflictDoNothing()
      .run();
    await guest.forgetHandedOver(accountId);
    return inserted;
  }

  /**
   * One page of this (guest's) object's rows for the account it signed in as (see adopt); nothing is deleted. Rows the
   * guest still had in D1 are moved in first, so they are handed over with the rest.
   */
  async handOverPage(cursor: HandOverCursor | null): Promise<HandOverPage> {
    await this.arrive();
    return handOverPage(this.db, cursor);
  }

  /** The account has every page (see adopt): this guest's handed-over rows are deleted, and whom they went to recorded. */
  async forgetHandedOver(toAccountId: string): Promise<void> {
    await this.arrive();
    forgetHandedOver(this.db, toAccountId);
  }

  /**
   * The object's one alarm, shared by its tasks (account/alarms.ts): the runner's (it times a launch out, keeps
   * streaming answers alive, lets finished ones go, and resumes answers lost to an eviction) and each part's.
   */
  override async alarm(): Promise<void> {
    if (this.tombstone.erased) return;
    const account = this.accountContext();
    const tasks: Record<string, (now: number) => Promise<number | null>> = { [TURNS_ALARM_TASK]: () => this.runner.alarm() };
    for (const part of accountParts as readonly AccountPart[]) {
      for (const [name, task] of Object.entries(part.alarms ?? {})) tasks[name] = (now) => task(account, now);
    }
    // The due schedules, each an ordinary turn of this account (schedules/run.ts, decision 0045).
    tasks[SCHEDULES_TASK] = (now) => schedulesAlarm(account, now, (ids) => runSchedules(this.env, this.accountId, ids, now));
    // Answers lost to an eviction are looked for whenever the object wakes (it is cheap), as before the tasks. Due
    // times are on the app clock (clock.ts: real time in production, moved by tests and /dev/clock).
    await this.alarms.run(tasks, { everyWake: [TURNS_ALARM_TASK], now: clockNow() });
  }

  /**
   * The first step of deleting the account (account/deletion.ts, decision 0033): from now on every write is refused
   * and every answer stops. Answers the ids whose R2 folders hold its files, read before the storage is wiped.
   */
  async markErased(): Promise<string[]> {
    const { keys, mergedGuests } = await this.files();
    await this.tombstone.mark();
    await this.ctx.storage.deleteAlarm();
    this.runner.stopAll();
    return fileOwners(this.accountId, keys, mergedGuests);
  }

  /** The deletion job's first step: deletes everything the object stores but the tombstone (decision 0033). */
  async erase(): Promise<void> {
    await this.tombstone.mark();
    this.runner.stopAll();
    await this.tombstone.wipe();
    // Empty, not broken: a late read finds no rows rather than no tables, and nothing is moved in again.
    await migrate(this.db, migrations);
    this.markArrived("erased");
    this.arrival = Promise.resolve(0);
  }
}
