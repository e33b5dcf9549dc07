// ChatRelay: the answers part of the account's Durable Object (account/object.ts `Account` extends it). The answer
// keeps being made and saved when the tab closes, reloads or loses its network; any number of readers can join at
// any point and get what was produced so far, then every new piece as it arrives (never buffered). One object per
// account (not per answer) stays warm between turns, which keeps its start-up out of the time to the first token.
// Each answer is a turn-machine.ts machine run by turn-runner.ts; this class is only the RPC surface and the alarm.
import { AccountStorage } from "../account/storage";
import { commitHeldCharge } from "../credits/account-credits";
import type { AppEnv } from "../env";
import { afterTurn } from "../memory/jobs";
import type { TurnStart } from "./turn-types";
import type { Tombstone } from "../account/tombstone";
import { TurnRunner, type RelayStatus, type TurnStore } from "./turn-runner";
import { accountTurnStore, refundInObject } from "./turn-store";

export type { RelayStatus } from "./turn-runner";

/** The runner's task on the account object's one alarm (account/alarms.ts). */
export const RELAY_ALARM_TASK = "relay";

export abstract class ChatRelay extends AccountStorage {
  protected readonly runner: TurnRunner;

  constructor(ctx: DurableObjectState, env: AppEnv) {
    super(ctx, env);
    // A turn's rows go to this object's own SQLite and its charge is in this object's own ledger (decision 0026):
    // nothing shared is written while it streams, and a refund is no call to itself.
    const store = accountTurnStore(
      this.db,
      env,
      refundInObject(() => this.accountContext()),
      ({ creditKey }) => commitHeldCharge(this.accountContext(), creditKey),
    );
    // Once the account is being deleted an answer writes nothing more, and queues no memory job (decision 0033).
    this.runner = new TurnRunner(ctx, env, refusedOnceErased(store, this.tombstone), {
      wakeAt: (at) => void (this.tombstone.erased || this.alarms.schedule(RELAY_ALARM_TASK, at, { allowUnconfirmed: true })),
      afterFinish: async ({ ownerId: _owner, ...turn }) => {
        if (!this.tombstone.erased) await afterTurn(this.accountContext(), turn);
      },
    });
  }

  // RPC rather than fetch: no HTTP framing of the turn or of each piece of the answer on the way to the first token.

  /** Starts an answer (or reads the one already started for this message id) as Server-Sent Events. */
  async start(input: TurnStart): Promise<ReadableStream<Uint8Array> | null> {
    this.tombstone.refuse();
    return this.runner.start(input);
  }

  /**
   * Starts an answer whose owner is not confirmed yet (a turn begun on an owner hint, decision 0009): the upstream
   * request goes out, but nothing is written or shown until confirm(). Resolves once the request is on its way.
   * cancel() aborts it and keeps nothing, leaving the charge to the caller; with no word within CONFIRM_WITHIN_MS
   * (the caller is gone) the object drops it the same way and gives the charge back itself.
   */
  async launch(input: TurnStart): Promise<void> {
    this.tombstone.refuse();
    return this.runner.launch(input);
  }

  /** The owner of a launched answer is confirmed: its rows are written, then it is read like start()'s. */
  async confirm(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    this.tombstone.refuse();
    return this.runner.confirm(messageId);
  }

  /** The owner of a launched answer turned out different: drop it without a trace. */
  async cancel(messageId: string): Promise<void> {
    return this.runner.cancel(messageId);
  }

  /** Joins an answer being generated here as a reader; null when it is not (finished a while ago), or not confirmed yet. */
  async join(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    return this.runner.join(messageId);
  }

  /** Whether an answer is being generated here now. */
  async state(messageId: string): Promise<{ status: RelayStatus }> {
    return this.runner.state(messageId);
  }

  /** Stops an answer; what was produced so far is kept. */
  async stop(messageId: string): Promise<void> {
    return this.runner.stop(messageId);
  }

  /**
   * The runner's part of the object's alarm (task "relay"): times a launch out, keeps streaming answers alive, lets
   * finished ones go, and resumes answers lost to an eviction; answers when to wake it next.
   */
  protected keepAlive(): Promise<number | null> {
    return this.runner.alarm();
  }

  /** The account is being deleted: every answer being generated stops now, keeping nothing (decision 0033). */
  protected stopAnswers(): void {
    this.runner.stopAll();
  }
}

/** The turn store, refusing every write once the object is erased (the charge's commit is dropped). */
function refusedOnceErased(store: TurnStore, tombstone: Tombstone): TurnStore {
  const refused =
    <Args extends unknown[]>(write: (...args: Args) => Promise<void>) =>
    async (...args: Args) => {
      tombstone.refuse();
      await write(...args);
    };
  return {
    writeTurn: refused(store.writeTurn),
    saveProgress: refused(store.saveProgress),
    savedText: store.savedText,
    finish: refused(store.finish),
    endInterrupted: refused(store.endInterrupted),
    settleCharge: refused(store.settleCharge),
    commitCharge: (charge) => {
      if (!tombstone.erased) store.commitCharge(charge);
    },
  };
}
