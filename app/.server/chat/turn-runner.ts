// The account's current answers, each a turn-machine.ts machine, and the one place their effects are performed: the
// model call, the readers' streams, the object's storage and alarm, and the TurnStore's writes. Effects run in the
// order a move lists them; from the first one that waits on storage or the store, the rest of that list queues
// behind it (per turn, in order), so "done" reaches readers only once the outcome and the charge are final, while a
// delta told before any such effect leaves at once. The model call's request leaves before anything of the turn is
// queued (decision 0009).
import { encodeEvent } from "../../lib/chat-events";
import { resolveTarget } from "../ai/providers";
import { classifyFailure, streamChat } from "../ai/stream";
import type { AppEnv } from "../env";
import type { TurnWrites } from "./messages";
import * as machine from "./turn-machine";
import type { TurnCharge } from "./turn-store";

type TurnState = machine.TurnState;
type TurnStart = machine.TurnStart;

/** Where the turn's rows and charge are written (turn-store.ts). */
export interface TurnStore {
  writeTurn(writes: TurnWrites): Promise<void>;
  saveProgress(messageId: string, text: string): Promise<void>;
  finish(messageId: string, outcome: { status: "complete" | "stopped" | "failed"; errorCode: string | null; text: string }): Promise<void>;
  endInterrupted(messageId: string, charge: TurnCharge): Promise<void>;
  settleCharge(charge: TurnCharge, end: machine.TurnEnd, delivered: boolean): Promise<void>;
}

/** The object's view of an answer: "idle" when it holds none by that id (never had it, finished a while ago, or cancelled). */
export type RelayStatus = "idle" | Exclude<machine.TurnStateName, "charged" | "abandoned">;

/** What the model call needs, kept so an answer can be resumed: everything but the target (its key stays in env). */
type CallInputs = Pick<TurnStart, "turns" | "reasoning" | "demoReply" | "kind" | "instructions" | "sourcesLabel"> & { model: string };

/** What ctx.storage keeps of a live turn under `active:<messageId>` (its text so far under `text:<messageId>`). */
interface RememberedTurn extends TurnCharge {
  /** Absent in entries written before answers could resume: read as streaming, and not resumable. */
  phase?: machine.RememberedPhase;
  /** Absent when the turn cannot be resumed (a web search, or inputs larger than MAX_RESUME_CHARS). */
  resume?: CallInputs;
}

/** Inputs kept for a resume at most this large (an attached image is most of it); a SQLite object's value holds 2 MB. */
const MAX_RESUME_CHARS = 1_000_000;

type ReaderSink = WritableStreamDefaultWriter<ArrayBuffer | ArrayBufferView>;

interface Turn {
  readonly id: string;
  readonly charge: TurnCharge;
  readonly call?: CallInputs & { target: TurnStart["target"] };
  readonly writes?: TurnWrites;
  state: TurnState;
  readonly readers: Map<string, ReaderSink>;
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
const AT_ONCE = new Set<machine.TurnEffect["type"]>(["callUpstream", "abortUpstream", "tell", "close", "wakeAt"]);

export class TurnRunner {
  private readonly turns = new Map<string, Turn>();
  private alarmAt: number | undefined;
  /** machine.CONFIRM_WITHIN_MS; a test shortens it to see a launch time out. */
  confirmWithinMs = machine.CONFIRM_WITHIN_MS;

  constructor(
    private readonly ctx: DurableObjectState,
    /** Resolves a resumed answer's provider: its key is read from here, never stored. */
    public env: AppEnv,
    private readonly store: TurnStore,
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
    if (!turn || !machine.accepts(turn.state, "confirm")) return null;
    this.apply(turn, (state) => machine.confirm(state, Date.now()));
    return this.readerOnceWritten(turn);
  }

  async cancel(messageId: string): Promise<void> {
    this.move(this.turns.get(messageId), "cancel", machine.cancel);
  }

  async join(messageId: string): Promise<ReadableStream<Uint8Array> | null> {
    const turn = this.turns.get(messageId);
    return turn && machine.accepts(turn.state, "attach") ? this.reader(turn) : null;
  }

  state(messageId: string): { status: RelayStatus } {
    const turn = this.turns.get(messageId);
    return { status: turn ? (machine.stateName(turn.state) as RelayStatus) : "idle" };
  }

  async stop(messageId: string): Promise<void> {
    this.move(this.turns.get(messageId), "stop", machine.stop);
  }

  async alarm(): Promise<void> {
    this.alarmAt = undefined;
    const revived = await this.wake();
    const now = Date.now();
    for (const turn of [...this.turns.values()]) this.move(turn, "alarm", (state) => machine.alarm(state, now));
    // The answers found lost are resumed or ended before the alarm is done.
    await Promise.all(revived.map((turn) => turn.work));
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

  private begin(input: TurnStart, first: (state: TurnState) => machine.Step): Turn {
    const { messageId, ownerId, creditKey, target, writes } = input;
    const call = { target, model: writes.answer.model, ...pickCallInputs(input) };
    const turn = this.hold(messageId, { ownerId, creditKey }, machine.charged(), call, writes);
    this.apply(turn, first);
    return turn;
  }

  private hold(id: string, charge: TurnCharge, state: TurnState, call?: Turn["call"], writes?: TurnWrites): Turn {
    let rowsSettled!: () => void;
    const rowsDone = new Promise<void>((resolve) => (rowsSettled = resolve));
    const turn: Turn = {
      id,
      charge,
      call,
      writes,
      state,
      readers: new Map(),
      work: Promise.resolve(),
      onTheWay: Promise.resolve(),
      rowsDone,
      rowsSettled,
      watchers: [],
    };
    this.turns.set(id, turn);
    return turn;
  }

  private async readerOnceWritten(turn: Turn): Promise<ReadableStream<Uint8Array> | null> {
    // The answer's headers name its thread, which the page may open at once: its rows exist by then.
    await turn.rowsDone;
    return machine.accepts(turn.state, "attach") ? this.reader(turn) : null;
  }

  private reader(turn: Turn): ReadableStream<Uint8Array> {
    // A native stream, not a JS TransformStream: returned over RPC, a JS stream is pumped by JS inside the runtime,
    // and when the client goes away that pump's write fails as an uncaught "Network connection lost" while this
    // side never hears of it (cloudflare/workers-sdk#11071). The native stream fails our own next write instead.
    const { readable, writable } = new IdentityTransformStream();
    const id = crypto.randomUUID();
    turn.readers.set(id, writable.getWriter());
    this.apply(turn, (state) => machine.attach(state, id));
    return readable;
  }

  /** A move asked for from outside the machine's own effects: made only if the turn is still here and can make it. */
  private move(turn: Turn | undefined, move: machine.TurnMove, make: (state: TurnState) => machine.Step) {
    if (turn && this.turns.get(turn.id) === turn && machine.accepts(turn.state, move)) this.apply(turn, make);
  }

  private apply(turn: Turn, make: (state: TurnState) => machine.Step) {
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

  private async perform(turn: Turn, effect: machine.TurnEffect): Promise<void> {
    const { id, charge } = turn;
    switch (effect.type) {
      case "callUpstream":
        return this.callUpstream(turn, effect.continueFrom);
      case "abortUpstream":
        return turn.abort?.abort();
      case "tell": {
        const chunk = encodeEvent(effect.event);
        for (const reader of effect.readers) this.send(turn, reader, chunk);
        return;
      }
      case "close":
        for (const reader of effect.readers) {
          turn.readers
            .get(reader)
            ?.close()
            .catch(() => undefined);
          turn.readers.delete(reader);
        }
        return;
      case "wakeAt":
        turn.wakeAt = effect.at;
        return this.armAlarm();
      case "remember":
        // Not waited for by the answer's readers (a local write): allowUnconfirmed keeps it off the first token.
        return this.ctx.storage.put<RememberedTurn>(
          `active:${id}`,
          { ...charge, phase: effect.phase, resume: effect.phase === "launched" ? undefined : resumable(turn.call) },
          { allowUnconfirmed: true },
        );
      case "writeTurn":
        try {
          await this.store.writeTurn(turn.writes!);
          this.apply(turn, (state) => machine.rowsWritten(state, Date.now()));
        } catch (error) {
          console.error("chat turn: could not write the turn", id, error);
          this.apply(turn, (state) => machine.rowsFailed(state, Date.now()));
        }
        return turn.rowsSettled();
      case "saveProgress":
        await Promise.all([this.store.saveProgress(id, effect.text), this.ctx.storage.put(`text:${id}`, effect.text, { allowUnconfirmed: true })]);
        return;
      case "finish":
        await this.store.finish(id, effect).catch((error: unknown) => console.error("chat turn: could not save the outcome", id, error));
        return this.apply(turn, machine.finished);
      case "endInterrupted":
        return this.store.endInterrupted(id, charge);
      case "settleCharge":
        return this.store.settleCharge(charge, effect.end, effect.delivered);
      case "forget":
        await this.ctx.storage.delete([`active:${id}`, `text:${id}`]);
        return;
      case "drop":
        if (this.turns.get(id) === turn) this.turns.delete(id);
        turn.rowsSettled();
        for (const watcher of turn.watchers.splice(0)) watcher.resolve(undefined);
        return;
    }
  }

  /** A reader that went away (tab closed, network lost) fails its writes: it is let go, and the answer goes on. */
  private send(turn: Turn, reader: string, chunk: Uint8Array) {
    turn.readers
      .get(reader)
      ?.write(chunk)
      .catch(() => {
        turn.readers.delete(reader);
        this.move(turn, "detach", (state) => machine.detach(state, reader));
      });
  }

  private callUpstream(turn: Turn, continueFrom?: string) {
    const abort = new AbortController();
    turn.abort = abort;
    let dispatched!: () => void;
    turn.onTheWay = new Promise<void>((resolve) => (dispatched = resolve));
    // Nothing of the turn is queued ahead of its request: local work never delays it.
    turn.work = turn.work.then(() => turn.onTheWay);
    this.ctx.waitUntil(this.pump(turn, abort.signal, dispatched, continueFrom));
  }

  private async pump(turn: Turn, signal: AbortSignal, dispatched: () => void, continueFrom?: string) {
    const { target, turns, ...options } = turn.call!;
    let outcome: machine.UpstreamOutcome = { status: "complete", errorCode: null };
    try {
      for await (const event of streamChat(target, turns, { ...options, signal, continueFrom, onDispatch: dispatched })) {
        if (event.type === "thinking") this.move(turn, "thinking", machine.thinking);
        else this.move(turn, "delta", (state) => machine.delta(state, event.delta, Date.now()));
      }
      // An aborted stream may simply end instead of throwing (the SDK stops reading): still a stop, never complete.
      if (signal.aborted) outcome = { status: "stopped", errorCode: null };
    } catch (error) {
      if (signal.aborted) outcome = { status: "stopped", errorCode: null };
      else {
        console.error("chat turn: the model call failed", turn.id, error);
        outcome = { status: "failed", errorCode: classifyFailure(error) };
      }
    }
    dispatched();
    this.move(turn, "upstreamEnded", (state) => machine.upstreamEnded(state, outcome, Date.now()));
  }

  /** The object's one alarm, at the earliest time a turn asked for. */
  private armAlarm() {
    const wanted = Math.min(...[...this.turns.values()].map((turn) => turn.wakeAt ?? Infinity));
    if (wanted === Infinity || (this.alarmAt !== undefined && this.alarmAt <= wanted)) return;
    this.alarmAt = wanted;
    void this.ctx.storage.setAlarm(wanted, { allowUnconfirmed: true });
  }

  /** Turns the storage remembers but memory does not (the object was evicted): each is resumed or ended. */
  private async wake(): Promise<Turn[]> {
    const saved = await this.ctx.storage.list<RememberedTurn>({ prefix: "active:" });
    const lost = [...saved].map(([key, entry]) => [key.slice("active:".length), entry] as const).filter(([id]) => !this.turns.has(id));
    if (lost.length === 0) return [];
    const texts = await this.ctx.storage.get<string>(lost.map(([id]) => `text:${id}`));
    const now = Date.now();
    const revived: Turn[] = [];
    for (const [id, entry] of lost) {
      if (this.turns.has(id)) continue;
      const target = entry.resume && resolveTarget(this.env, entry.resume.model);
      const call = entry.resume && target ? { ...entry.resume, target } : undefined;
      const turn = this.hold(
        id,
        { ownerId: entry.ownerId, creditKey: entry.creditKey },
        machine.remembered(entry.phase ?? "streaming", texts.get(`text:${id}`) ?? ""),
        call,
      );
      turn.rowsSettled();
      this.apply(turn, (state) => machine.evicted(state, call !== undefined, now));
      revived.push(turn);
    }
    return revived;
  }
}

function pickCallInputs({ turns, reasoning, demoReply, kind, instructions, sourcesLabel }: TurnStart) {
  return { turns, reasoning, demoReply, kind, instructions, sourcesLabel };
}

/** The inputs kept for a resume, when the turn can be resumed: a chat completion (a web search cannot continue a text). */
function resumable(call: Turn["call"]): CallInputs | undefined {
  if (!call || call.kind === "web-search") return undefined;
  const { target: _target, ...inputs } = call;
  return JSON.stringify(inputs).length <= MAX_RESUME_CHARS ? inputs : undefined;
}
