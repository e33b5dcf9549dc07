// The account's current answers, each a machine.ts machine, and the one place their effects are performed: the model
// call, the readers' streams, the turn's checkpoint and the object's alarm, and the TurnStore's writes (the charge
// included: settleCharge is the only way a turn's credit is given back). The account's object holds one runner
// (account/object.ts) and is its only caller. Effects run in the order a move lists them; from the first one that
// waits on storage or the store, the rest of that list queues behind it (per turn, in order), so "done" reaches
// readers only once the outcome and the charge are final, while a delta told before any such effect leaves at once.
// Nothing of a turn is queued ahead of its model request (decision 0009).
import { encodeEvent, type ChatStreamEvent } from "../../../lib/chat-events";
import { resolveTarget, type ChatTarget } from "../../ai/providers";
import type { AppEnv } from "../../env";
import { endingNote, type MemoryUse } from "../../memory/jobs";
import type { TurnWrites } from "../messages";
import { callModel, type CallInputs } from "./call";
import { clearCheckpoint, lostTurns, writeCheckpoint } from "./checkpoint";
import * as machine from "./machine";
import { Readers } from "./readers";
import type { TurnCharge, TurnStore } from "./store";
import {
  accepts,
  CONFIRM_WITHIN_MS,
  RESUME_SPREAD_MS,
  STALL_AFTER_MS,
  stateName,
  type Step,
  type TurnEffect,
  type TurnMove,
  type TurnState,
  type TurnStateName,
} from "./table";
import type { TurnStart } from "./types";

/** What the object does around the machine that is not a row of the turn (the account's alarm, memory). */
export interface TurnHooks {
  /** Asks the object's one alarm (account/alarms.ts) to wake the runner at `at`. */
  wakeAt(at: number): void;
  /** A kept turn has been finished and saved (memory's note and extraction job, docs/decisions/0027). */
  afterFinish(turn: { threadId: string; messageId: string; memory: MemoryUse; answer: string; complete: boolean }): Promise<void>;
  /** A kept answer completed after everyone reading it had gone ("Your answer finished", decision 0042). */
  finishedUnread?(turn: { threadId: string; messageId: string }): Promise<void>;
}

/** The object's view of an answer: "idle" when it holds none by that id (never had it, finished a while ago, or cancelled). */
export type TurnStatus = "idle" | Exclude<TurnStateName, "charged" | "abandoned">;

interface Turn {
  readonly id: string;
  readonly charge: TurnCharge;
  /** The model call's inputs; absent for a turn found after an eviction that cannot be resumed. */
  readonly call?: CallInputs & { target: ChatTarget };
  readonly writes?: TurnWrites;
  /** Memory's part (docs/decisions/0027), and whether nothing of the turn is kept (a temporary chat). */
  readonly memory?: MemoryUse;
  readonly temporary?: boolean;
  state: TurnState;
  readonly readers: Readers;
  abort?: AbortController;
  /** The effects that wait on storage or the store, chained in order. */
  work: Promise<void>;
  /** Settles once the upstream request is on its way (or the call ended before reaching it). */
  onTheWay: Promise<void>;
  /** Settles once the rows are written or could not be (or the turn was let go). */
  rowsDone: Promise<void>;
  rowsSettled: () => void;
  wakeAt?: number;
  watchers: { holds: (state: TurnState) => boolean; resolve: (state: TurnState | undefined) => void }[];
}

/** Effects performed at once unless an earlier effect of the same move is queued. */
const AT_ONCE = new Set<TurnEffect["type"]>(["callUpstream", "abortUpstream", "tell", "close", "wakeAt"]);

export class TurnRunner {
  private readonly turns = new Map<string, Turn>();
  private alarmAt: number | undefined;
  /** CONFIRM_WITHIN_MS; a test shortens it to see a launch time out. */
  confirmWithinMs = CONFIRM_WITHIN_MS;
  /** STALL_AFTER_MS; a test shortens it to see a silent provider's answer end. */
  stallAfterMs = STALL_AFTER_MS;
  /** RESUME_SPREAD_MS and the random source that places each resumed answer in it; a test picks both. */
  resumeSpreadMs = RESUME_SPREAD_MS;
  random: () => number = Math.random;

  constructor(
    private readonly ctx: DurableObjectState,
    /** Resolves a resumed answer's provider: its key is read from here, never stored. */
    public env: AppEnv,
    private readonly store: TurnStore,
    private readonly hooks: TurnHooks,
  ) {
    // Answers this object was running when it was evicted resume (or end) as soon as it is back.
    void ctx.blockConcurrencyWhile(async () => {
      await this.wake();
    });
  }

  /** Starts an answer (or reads the one already started for this message id) as Server-Sent Events. */
  async start(input: TurnStart): Promise<ReadableStream<Uint8Array> | null> {
    const turn = this.turns.get(input.messageId) ?? this.begin(input, (state) => machine.start(state, Date.now()));
    return this.readerOnceWritten(turn);
  }

  /** Sends a turn upstream for an owner not confirmed yet (decision 0009); resolves once the request is on its way. */
  async launch(input: TurnStart): Promise<void> {
    const turn = this.turns.get(input.messageId) ?? this.begin(input, (state) => machine.launch(state, Date.now(), this.confirmWithinMs));
    await turn.onTheWay;
  }

  async confirm(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    const turn = this.turns.get(messageId);
    if (!turn || !accepts(turn.state, "confirm")) return null;
    this.apply(turn, (state) => machine.confirm(state, Date.now()));
    return this.readerOnceWritten(turn);
  }

  /**
   * A launch the caller will not confirm (its owner turned out different, or confirming failed): dropped, and its
   * charge given back by the machine. Only a turn still launched is cancelled: one dropped on its time-out was settled
   * then, and one whose confirm went through is streaming, kept and charged like any other. Resolves once settled.
   */
  async cancel(messageId: string): Promise<void> {
    const turn = this.turns.get(messageId);
    this.move(turn, "cancel", machine.cancel);
    await turn?.work;
  }

  /**
   * A turn charged but never sent (its thread, attachment or composing failed): the machine's abandon move gives the
   * charge back. Resolves once it is.
   */
  async abandon(charge: TurnCharge): Promise<void> {
    const turn = this.hold(charge.creditKey, charge, machine.charged(), undefined, undefined, {}, false);
    this.apply(turn, machine.abandon);
    await turn.work;
  }

  /**
   * A reader found an answer whose row is still marked streaming while this runner holds no turn for it (lost without
   * a checkpoint): the machine's `evicted` move, not resumable, ends it as interrupted, keeping what was saved, and
   * settles its charge (when it has one) by that (decision 0022).
   */
  async endLost(messageId: string, charge: TurnCharge | undefined): Promise<void> {
    if (this.turns.has(messageId)) return;
    const turn = this.hold(messageId, charge ?? { ownerId: "", creditKey: "" }, machine.fromCheckpoint("streaming", ""), undefined, undefined, {}, false);
    turn.rowsSettled();
    this.apply(turn, (state) => machine.evicted(state, false, Date.now()));
    await turn.work;
  }

  async join(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    const turn = this.turns.get(messageId);
    return turn && accepts(turn.state, "attach") ? this.reader(turn) : null;
  }

  state(messageId: string): { status: TurnStatus } {
    const turn = this.turns.get(messageId);
    return { status: turn ? (stateName(turn.state) as TurnStatus) : "idle" };
  }

  async stop(messageId: string): Promise<void> {
    this.move(this.turns.get(messageId), "stop", machine.stop);
  }

  /**
   * The account is being deleted (decision 0033): every answer stops at once (a launch is dropped), its readers get
   * the end, and what it would save (or give back) is refused by the store.
   */
  stopAll(): void {
    for (const turn of [...this.turns.values()]) {
      if (accepts(turn.state, "cancel")) this.move(turn, "cancel", machine.cancel);
      else this.move(turn, "stop", machine.stop);
    }
  }

  /** The runner's part of the object's alarm; answers when it wants to be woken next (null: not until asked). */
  async alarm(): Promise<number | null> {
    this.alarmAt = undefined;
    const revived = await this.wake();
    const now = Date.now();
    for (const turn of [...this.turns.values()]) this.move(turn, "alarm", (state) => machine.alarm(state, now));
    // The answers found lost are resumed or ended before the alarm is done.
    await Promise.all(revived.map((turn) => turn.work));
    return this.nextWake();
  }

  /**
   * Resolves with the turn's state once `holds` is true of it, after the effects queued until then (or with undefined
   * once the object let go of it): lets a test see a move happen without sleeping.
   */
  until(messageId: string, holds: (state: TurnState) => boolean): Promise<TurnState | undefined> {
    const turn = this.turns.get(messageId);
    if (!turn) return Promise.resolve(undefined);
    const now = turn.state;
    if (holds(now)) return turn.work.then(() => now);
    return new Promise((resolve) => turn.watchers.push({ holds, resolve }));
  }

  private begin(input: TurnStart, first: (state: TurnState) => Step): Turn {
    const { messageId, ownerId, creditKey, target, writes, turns, reasoning, demoReply, kind, instructions, sourcesLabel } = input;
    const call = { target, model: writes.answer.model, turns, reasoning, demoReply, kind, instructions, sourcesLabel };
    const turn = this.hold(messageId, { ownerId, creditKey }, machine.charged(), call, writes, { memory: input.memory, temporary: input.temporary });
    this.apply(turn, first);
    return turn;
  }

  private hold(
    id: string,
    charge: TurnCharge,
    state: TurnState,
    call?: Turn["call"],
    writes?: TurnWrites,
    extras: Pick<Turn, "memory" | "temporary"> = {},
    /** Whether the turn is held by its id (an abandoned turn, which has no message yet, or a lost one ended, is not). */
    listed = true,
  ): Turn {
    let rowsSettled!: () => void;
    const rowsDone = new Promise<void>((resolve) => (rowsSettled = resolve));
    const turn: Turn = {
      id,
      charge,
      call,
      writes,
      ...extras,
      state,
      readers: new Readers(),
      work: Promise.resolve(),
      onTheWay: Promise.resolve(),
      rowsDone,
      rowsSettled,
      watchers: [],
    };
    if (listed) this.turns.set(id, turn);
    return turn;
  }

  private async readerOnceWritten(turn: Turn): Promise<ReadableStream<Uint8Array> | null> {
    // The answer's headers name its thread, which the page may open at once: its rows exist by then.
    await turn.rowsDone;
    return accepts(turn.state, "attach") ? this.reader(turn) : null;
  }

  private reader(turn: Turn): ReadableStream<Uint8Array> {
    const { id, stream } = turn.readers.open();
    this.apply(turn, (state) => machine.attach(state, id));
    return stream;
  }

  /** A move from outside the machine's own effects: made only if the turn is still here and can make it. */
  private move(turn: Turn | undefined, move: TurnMove, make: (state: TurnState) => Step) {
    if (turn && this.turns.get(turn.id) === turn && accepts(turn.state, move)) this.apply(turn, make);
  }

  private apply(turn: Turn, make: (state: TurnState) => Step) {
    const { state, effects } = make(turn.state);
    turn.state = state;
    let queued = false;
    for (const effect of effects) {
      queued ||= !AT_ONCE.has(effect.type);
      if (!queued) {
        void this.perform(turn, effect);
        continue;
      }
      turn.work = turn.work.then(() => this.perform(turn, effect)).catch((error: unknown) => console.error(`chat turn: ${effect.type} failed`, turn.id, error));
    }
    for (const watcher of turn.watchers.filter((entry) => entry.holds(state))) {
      turn.watchers.splice(turn.watchers.indexOf(watcher), 1);
      void turn.work.then(() => watcher.resolve(state));
    }
  }

  private async perform(turn: Turn, effect: TurnEffect): Promise<void> {
    const { id, charge } = turn;
    switch (effect.type) {
      case "callUpstream":
        return this.callUpstream(turn, effect.continueFrom);
      case "abortUpstream":
        return turn.abort?.abort();
      case "tell":
        // A reader gone is let go by the machine too (detach), and the answer goes on.
        return turn.readers.send(effect.readers, encodeEvent(withMemoryNote(turn, effect.event)), (reader) =>
          this.move(turn, "detach", (state) => machine.detach(state, reader)),
        );
      case "close":
        return turn.readers.close(effect.readers);
      case "wakeAt":
        turn.wakeAt = effect.at;
        return this.armAlarm();
      case "checkpoint":
        // A temporary chat keeps nothing, not even what would resume it after an eviction.
        if (turn.temporary) return;
        return writeCheckpoint(this.ctx.storage, id, charge, effect.phase, turn.call);
      case "writeTurn":
        try {
          // The charge, held since its check, is written with the rows: one commit, after the request left. Any
          // write before the request would hold it back until confirmed (the object's output gate: a disk flush
          // here, a replicated commit when deployed), and one in between would hold back the launch's answer.
          this.store.commitCharge(charge);
          if (!turn.temporary) await this.store.writeTurn(turn.writes!);
          this.apply(turn, (state) => machine.rowsWritten(state, Date.now()));
        } catch (error) {
          console.error("chat turn: could not write the turn", id, error);
          this.apply(turn, (state) => machine.rowsFailed(state, Date.now()));
        }
        return turn.rowsSettled();
      case "saveProgress":
        // The row is the text's only copy: a wake after an eviction reads it back (checkpoint.ts lostTurns).
        if (turn.temporary) return;
        return this.store.saveProgress(id, effect.text);
      case "finish":
        if (!turn.temporary) {
          await this.store.finish(id, effect).catch((error: unknown) => console.error("chat turn: could not save the outcome", id, error));
          // Not awaited: a slow push service never holds the turn's end back.
          if (effect.status === "complete" && turn.writes && turn.readers.abandoned) {
            void this.hooks.finishedUnread?.({ threadId: turn.writes.threadId, messageId: id }).catch(() => undefined);
          }
          if (turn.memory && turn.writes) {
            const complete = effect.status === "complete";
            await this.hooks.afterFinish({
              threadId: turn.writes.threadId,
              messageId: id,
              memory: turn.memory,
              answer: effect.text,
              complete,
            });
          }
        }
        return this.apply(turn, machine.finished);
      case "endInterrupted":
        return this.endInterrupted(turn);
      case "settleCharge":
        return this.store.settleCharge(charge, effect.end, effect.delivered);
      case "clearCheckpoint":
        return clearCheckpoint(this.ctx.storage, id);
      case "drop":
        if (this.turns.get(id) === turn) this.turns.delete(id);
        turn.rowsSettled();
        for (const watcher of turn.watchers.splice(0)) watcher.resolve(undefined);
        return;
    }
  }

  /** The stored answer marked interrupted; its charge (when it has one) kept only if something of it was saved. */
  private async endInterrupted(turn: Turn) {
    const { ended, delivered } = await this.store.endInterrupted(turn.id);
    if (ended && turn.charge.creditKey) await this.perform(turn, { type: "settleCharge", end: "failed", delivered });
  }

  private callUpstream(turn: Turn, continueFrom?: string) {
    const abort = new AbortController();
    turn.abort = abort;
    let onDispatch!: () => void;
    turn.onTheWay = new Promise<void>((resolve) => (onDispatch = resolve));
    turn.work = turn.work.then(() => turn.onTheWay);
    const call = () =>
      callModel(turn.id, turn.call!, abort, continueFrom, {
        onDispatch,
        onThinking: () => this.move(turn, "thinking", machine.thinking),
        onDelta: (text) => this.move(turn, "delta", (state) => machine.delta(state, text, Date.now())),
        stallAfterMs: this.stallAfterMs,
      });
    // A resumed answer (continueFrom) waits its random share of RESUME_SPREAD_MS first: after a deploy every object
    // with answers in flight wakes at once, and they must not all re-ask their providers in the same second. A Stop
    // meanwhile aborts the signal, and the call ends at once as stopped. A first call never waits (decision 0009).
    const called = continueFrom === undefined ? call() : later(Math.floor(this.random() * this.resumeSpreadMs)).then(call);
    this.ctx.waitUntil(called.then((outcome) => this.move(turn, "upstreamEnded", (state) => machine.upstreamEnded(state, outcome, Date.now()))));
  }

  /** The earliest time a turn asked to be woken at, or null. */
  private nextWake(): number | null {
    const wanted = Math.min(...[...this.turns.values()].map((turn) => turn.wakeAt ?? Infinity));
    return wanted === Infinity ? null : wanted;
  }

  /** The object's one alarm (shared with the account's other tasks), at the earliest time a turn asked for. */
  private armAlarm() {
    const wanted = this.nextWake();
    if (wanted === null || (this.alarmAt !== undefined && this.alarmAt <= wanted)) return;
    this.alarmAt = wanted;
    this.hooks.wakeAt(wanted);
  }

  /** Turns with a checkpoint but not in memory (the object was evicted): each is resumed or ended. */
  private async wake(): Promise<Turn[]> {
    const lost = await lostTurns(
      this.ctx.storage,
      (id) => this.turns.has(id),
      (id) => this.store.savedText(id),
    );
    const now = Date.now();
    const revived: Turn[] = [];
    for (const { id, checkpoint, text } of lost) {
      if (this.turns.has(id)) continue;
      const target = checkpoint.resume && resolveTarget(this.env, checkpoint.resume.model);
      const call = checkpoint.resume && target ? { ...checkpoint.resume, target } : undefined;
      const charge = { ownerId: checkpoint.ownerId, creditKey: checkpoint.creditKey };
      const turn = this.hold(id, charge, machine.fromCheckpoint(checkpoint.phase ?? "streaming", text), call);
      turn.rowsSettled();
      this.apply(turn, (state) => machine.evicted(state, call !== undefined, now));
      revived.push(turn);
    }
    return revived;
  }
}

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The answer's last event carries what memory did for it (docs/decisions/0027): the memories sent, and whether it will learn. */
function withMemoryNote(turn: Turn, event: ChatStreamEvent): ChatStreamEvent {
  if (event.type !== "done" || !turn.memory) return event;
  return { ...event, memory: endingNote(turn.memory, event.status === "complete" && event.text.length > 0) };
}
