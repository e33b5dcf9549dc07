// One chat turn as a pure state machine (docs/decisions/0022): each state carries its own data, each move is a
// function returning the next state and the effects to perform, and nothing here does any I/O or reads a clock. The
// account's object performs the effects (turn-runner.ts) and feeds their results back as moves (writeTurn ->
// rowsWritten / rowsFailed, finish -> finished, the model call -> thinking / delta / upstreamEnded).
//
//   charged ─ start ───────────────────────────────────► streaming ─┬─► complete   (the answer is whole)
//      ├─ launch (owner hint) ─► launched ─ confirm ───────┘   │      ├─► stopped    (the person pressed Stop)
//      │                            └─ cancel / alarm (no confirm in 10 s) / evicted ─► cancelled
//      │                                                         │      └─► failed     (upstream cut or refused,
//      │                                   evicted, resumable ─► resumed ─► complete | stopped | failed   rows not written,
//      └─ abandon (turns.ts: load, compose or hand-over failed) ─► abandoned                evicted and not resumable)
//
// MOVES below is that table; every move checks its result against it, and TURN_MOVES (state -> next states) is
// derived from it. A turn resumes once: a resumed turn evicted again ends with what was produced.
import type { AnswerStatus, ChatStreamEvent } from "../../lib/chat-events";
import type { ChatTarget } from "../ai/providers";
import type { ChatTurn } from "../ai/upstream";
import type { TurnWrites } from "./messages";

/** A turn as the route hands it to the account's object: its ids, its charge, the model call, and its rows. */
export interface TurnStart {
  messageId: string;
  threadId: string;
  ownerId: string;
  creditKey: string;
  target: ChatTarget;
  turns: ChatTurn[];
  reasoning: boolean;
  demoReply?: string;
  /** "web-search": the Responses API with its web_search tool (app/.server/ai/web-search.ts); default "chat". */
  kind?: "chat" | "web-search";
  /** System text built on the server for a tool's turn. */
  instructions?: string;
  /** Heading of the sources list a web search answer ends with. */
  sourcesLabel?: string;
  /** The turn's rows, written while the upstream call is already under way. */
  writes: TurnWrites;
}

/** Progress is saved at most this often while an answer streams. */
export const SAVE_EVERY_MS = 400;
/** While an answer streams an alarm comes this often: it keeps the object alive and wakes it after an eviction. */
export const KEEPALIVE_MS = 30_000;
/** A finished answer stays readable in the object this long, so a reader arriving just after the end gets it. */
export const LINGER_MS = 60_000;
/** A launched turn is dropped (and its charge given back) if neither confirm nor cancel comes within this. */
export const CONFIRM_WITHIN_MS = 10_000;

export type TurnEnd = "complete" | "stopped" | "failed" | "cancelled" | "abandoned";
/** How the model call ended. */
export interface UpstreamOutcome {
  status: AnswerStatus;
  errorCode: string | null;
}

/** What every state with a live model call has: the text so far, and how the call ended once it has. */
interface Answer {
  text: string;
  thinking: boolean;
  upstream?: UpstreamOutcome;
}

export type TurnState =
  | { name: "charged" }
  /** Sent upstream for an owner not confirmed yet (decision 0009): nothing is written, joinable or shown. */
  | ({ name: "launched"; confirmBy: number } & Answer)
  /** Shown to readers (ids), its rows being written or written (or missing: then it fails), saved every SAVE_EVERY_MS. */
  | ({ name: "streaming" | "resumed"; readers: readonly string[]; rows: "writing" | "written" | "missing"; lastSaveAt: number } & Answer)
  /**
   * Over: how, and who settles the charge ("caller": the turn module, after a cancel it asked for). While `saving`,
   * the outcome is being written and readers still wait for the final event; readable until `until`.
   */
  | {
      name: "ended";
      how: TurnEnd;
      errorCode: string | null;
      text: string;
      settledBy: "turn" | "caller";
      saving: boolean;
      readers: readonly string[];
      until: number;
    };

export type TurnStateName = Exclude<TurnState["name"], "ended"> | TurnEnd;
/** What ctx.storage remembers of a turn while it lives, so a wake after an eviction knows where it was. */
export type RememberedPhase = "launched" | "streaming" | "resumed";

export type TurnEffect =
  /** Open the model call (a resume asks it to continue `continueFrom`); its events come back as moves. */
  | { type: "callUpstream"; continueFrom?: string }
  | { type: "abortUpstream" }
  /** Keep in the object's storage what a wake needs (the phase; the inputs; the text is kept by saveProgress). */
  | { type: "remember"; phase: RememberedPhase }
  /** Write the turn's rows; comes back as rowsWritten or rowsFailed. */
  | { type: "writeTurn" }
  | { type: "saveProgress"; text: string }
  /** Write the outcome; comes back as finished. */
  | { type: "finish"; status: AnswerStatus; errorCode: string | null; text: string }
  /** Mark the stored answer interrupted, keeping what was saved, and settle the charge by what that is. */
  | { type: "endInterrupted" }
  | { type: "settleCharge"; end: TurnEnd; delivered: boolean }
  | { type: "tell"; readers: readonly string[]; event: ChatStreamEvent }
  | { type: "close"; readers: readonly string[] }
  /** Remove what `remember` and `saveProgress` kept in the object's storage. */
  | { type: "forget" }
  /** When this turn wants the object's alarm. */
  | { type: "wakeAt"; at: number }
  /** The object lets go of the turn. */
  | { type: "drop" };

export interface Step {
  state: TurnState;
  effects: TurnEffect[];
}

const ANSWERING = ["streaming", "resumed"] as const;
const ANSWER_ENDS = ["complete", "stopped", "failed"] as const;
type Targets = Partial<Record<TurnStateName, readonly TurnStateName[]>>;
const stays = (...names: TurnStateName[]): Targets => Object.fromEntries(names.map((name) => [name, [name]]));

/** Every move, the states it is made from, and the states it may lead to. */
export const MOVES = {
  launch: { charged: ["launched"] },
  start: { charged: ["streaming"] },
  /** Made by turns.ts, which settles the charge itself: the turn never reached the object. */
  abandon: { charged: ["abandoned"] },
  confirm: { launched: ["streaming"] },
  cancel: { launched: ["cancelled"] },
  thinking: stays("launched", ...ANSWERING),
  delta: stays("launched", ...ANSWERING),
  upstreamEnded: { launched: ["launched"], streaming: ["streaming", ...ANSWER_ENDS], resumed: ANSWER_ENDS },
  rowsWritten: { streaming: ["streaming", ...ANSWER_ENDS] },
  rowsFailed: { streaming: ["streaming", "failed"] },
  finished: stays(...ANSWER_ENDS),
  attach: stays(...ANSWERING, ...ANSWER_ENDS),
  detach: stays(...ANSWERING, ...ANSWER_ENDS),
  stop: stays(...ANSWERING),
  /** The object's alarm: a launch never confirmed is cancelled; a streaming answer re-arms it; a finished one goes. */
  alarm: { launched: ["launched", "cancelled"], ...stays(...ANSWERING, ...ANSWER_ENDS) },
  /** The object woke without the turn in memory: a launch is dropped, an answer resumes once, else ends interrupted. */
  evicted: { launched: ["cancelled"], streaming: ["resumed", "failed"], resumed: ["failed"] },
} satisfies Record<string, Targets>;

export type TurnMove = keyof typeof MOVES;

export function stateName(state: TurnState): TurnStateName {
  return state.name === "ended" ? state.how : state.name;
}

const STATE_NAMES: readonly TurnStateName[] = ["charged", "launched", "streaming", "resumed", "complete", "stopped", "failed", "cancelled", "abandoned"];

/** The table of decision 0022, derived from MOVES: the states each state can change to. */
export const TURN_MOVES: { readonly [From in TurnStateName]: readonly TurnStateName[] } = Object.fromEntries(
  STATE_NAMES.map((from) => {
    const targets = Object.values(MOVES).flatMap((targets: Targets) => targets[from] ?? []);
    return [from, STATE_NAMES.filter((to) => to !== from && targets.includes(to))];
  }),
) as unknown as { [From in TurnStateName]: readonly TurnStateName[] };

/** Whether `move` can be made from `state` (the object checks before a move a caller asked for). */
export function accepts(state: TurnState, move: TurnMove): boolean {
  return (MOVES[move] as Targets)[stateName(state)] !== undefined;
}

/** The step, once checked against MOVES: a move the table does not have is a bug, never a user's doing. */
function step(move: TurnMove, from: TurnState, state: TurnState, effects: TurnEffect[] = []): Step {
  if (!(MOVES[move] as Targets)[stateName(from)]?.includes(stateName(state))) {
    throw new Error(`chat turn: no move ${move} from ${stateName(from)} to ${stateName(state)}`);
  }
  return { state, effects };
}

function refuse(move: TurnMove, state: TurnState): never {
  throw new Error(`chat turn: no move ${move} from ${stateName(state)}`);
}

type AnsweringState = Extract<TurnState, { name: "streaming" | "resumed" }>;
type EndedState = Extract<TurnState, { name: "ended" }>;
const isAnswering = (state: TurnState): state is AnsweringState => state.name === "streaming" || state.name === "resumed";

/**
 * Whether the person keeps paying for a turn that ended this way (README "Architecture map": nothing delivered,
 * nothing charged). A whole answer is paid for; a stopped or failed one only if some of it was delivered (the
 * person has that part); a turn cancelled or abandoned before its answer existed never is.
 */
export function chargeKept(end: TurnEnd, delivered: boolean): boolean {
  if (end === "complete") return true;
  if (end === "stopped" || end === "failed") return delivered;
  return false;
}

export const charged = (): TurnState => ({ name: "charged" });

/** The state a turn was in, as the object's storage remembered it, before the wake that finds it gone from memory. */
export function remembered(phase: RememberedPhase, text: string): TurnState {
  if (phase === "launched") return { name: "launched", confirmBy: 0, text, thinking: false };
  return { name: phase, text, thinking: false, readers: [], rows: "written", lastSaveAt: 0 };
}

export function launch(state: TurnState, now: number, confirmWithinMs = CONFIRM_WITHIN_MS): Step {
  const confirmBy = now + confirmWithinMs;
  const next: TurnState = { name: "launched", confirmBy, text: "", thinking: false };
  return step("launch", state, next, [{ type: "callUpstream" }, { type: "remember", phase: "launched" }, { type: "wakeAt", at: confirmBy }]);
}

export function start(state: TurnState, now: number): Step {
  const next: TurnState = { name: "streaming", text: "", thinking: false, readers: [], rows: "writing", lastSaveAt: now };
  return step("start", state, next, [{ type: "callUpstream" }, ...beginAnswer(now)]);
}

/** What a turn shown from now on needs (the request already left): remembered, kept alive, its rows written. */
const beginAnswer = (now: number): TurnEffect[] => [
  { type: "remember", phase: "streaming" },
  { type: "wakeAt", at: now + KEEPALIVE_MS },
  { type: "writeTurn" },
];

export function confirm(state: TurnState, now: number): Step {
  if (state.name !== "launched") return refuse("confirm", state);
  const { text, thinking, upstream } = state;
  return step("confirm", state, { name: "streaming", text, thinking, upstream, readers: [], rows: "writing", lastSaveAt: now }, beginAnswer(now));
}

/** The caller found the owner different: dropped without a trace, the charge left to the caller who made it. */
export function cancel(state: TurnState): Step {
  if (state.name !== "launched") return refuse("cancel", state);
  return step("cancel", state, ended("cancelled", state.text, "caller"), [{ type: "abortUpstream" }, { type: "forget" }, { type: "drop" }]);
}

function ended(how: TurnEnd, text: string, settledBy: EndedState["settledBy"], errorCode: string | null = null, until = 0): EndedState {
  return { name: "ended", how, errorCode, text, settledBy, saving: false, readers: [], until };
}

export function thinking(state: TurnState): Step {
  if (state.name === "launched") return step("thinking", state, { ...state, thinking: true });
  if (!isAnswering(state)) return refuse("thinking", state);
  if (state.thinking) return step("thinking", state, state);
  return step("thinking", state, { ...state, thinking: true }, [{ type: "tell", readers: state.readers, event: { type: "thinking" } }]);
}

export function delta(state: TurnState, piece: string, now: number): Step {
  if (state.name === "launched") return step("delta", state, { ...state, text: state.text + piece });
  if (!isAnswering(state)) return refuse("delta", state);
  const text = state.text + piece;
  const effects: TurnEffect[] = [{ type: "tell", readers: state.readers, event: { type: "delta", text: piece } }];
  const save = state.rows !== "missing" && now - state.lastSaveAt >= SAVE_EVERY_MS;
  if (save) effects.push({ type: "saveProgress", text });
  return step("delta", state, { ...state, text, lastSaveAt: save ? now : state.lastSaveAt }, effects);
}

export function upstreamEnded(state: TurnState, outcome: UpstreamOutcome, now: number): Step {
  if (state.name === "launched" || (state.name === "streaming" && state.rows === "writing")) {
    return step("upstreamEnded", state, { ...state, upstream: outcome });
  }
  if (!isAnswering(state)) return refuse("upstreamEnded", state);
  return step("upstreamEnded", state, ...endAnswer(state, outcome, now));
}

export function rowsWritten(state: TurnState, now: number): Step {
  if (state.name !== "streaming" || state.rows !== "writing") return refuse("rowsWritten", state);
  const next: AnsweringState = { ...state, rows: "written" };
  return state.upstream ? step("rowsWritten", state, ...endAnswer(next, state.upstream, now)) : step("rowsWritten", state, next);
}

/** Without its rows the answer cannot be kept: the call is stopped, and the turn fails with its credit back. */
export function rowsFailed(state: TurnState, now: number): Step {
  if (state.name !== "streaming" || state.rows !== "writing") return refuse("rowsFailed", state);
  const next: AnsweringState = { ...state, rows: "missing" };
  return state.upstream ? step("rowsFailed", state, ...endAnswer(next, state.upstream, now)) : step("rowsFailed", state, next, [{ type: "abortUpstream" }]);
}

/** The call is over: the outcome is written first, and readers hear of it once it is (finished). */
function endAnswer(state: AnsweringState, outcome: UpstreamOutcome, now: number): [TurnState, TurnEffect[]] {
  const until = now + LINGER_MS;
  if (state.rows === "missing") {
    const next = ended("failed", state.text, "turn", "app/unknown", until);
    return [
      next,
      [{ type: "settleCharge", end: "failed", delivered: false }, ...tellEnd(next, state.readers), { type: "forget" }, { type: "wakeAt", at: until }],
    ];
  }
  // A resumed answer that fails again ends as the eviction left it: interrupted.
  const errorCode = state.name === "resumed" && outcome.status === "failed" ? "chat/interrupted" : outcome.errorCode;
  const next: EndedState = { ...ended(outcome.status, state.text, "turn", errorCode, until), saving: true, readers: state.readers };
  return [next, [{ type: "finish", status: outcome.status, errorCode, text: state.text }]];
}

/** The outcome is written: the charge is settled, then readers get the final event (so "done" means final). */
export function finished(state: TurnState): Step {
  if (state.name !== "ended" || !state.saving) return refuse("finished", state);
  const next: EndedState = { ...state, saving: false, readers: [] };
  const settle: TurnEffect = { type: "settleCharge", end: state.how, delivered: state.text !== "" };
  return step("finished", state, next, [settle, ...tellEnd(next, state.readers), { type: "forget" }, { type: "wakeAt", at: state.until }]);
}

function tellEnd(state: EndedState, readers: readonly string[]): TurnEffect[] {
  return [
    { type: "tell", readers, event: { type: "done", status: state.how as AnswerStatus, errorCode: state.errorCode, text: state.text } },
    { type: "close", readers },
  ];
}

/** A reader joins: what was produced so far, then every piece as it comes (or the end, when it is over). */
export function attach(state: TurnState, reader: string): Step {
  const snapshot: TurnEffect = {
    type: "tell",
    readers: [reader],
    event: { type: "snapshot", text: textOf(state), thinking: isAnswering(state) && state.thinking && !state.text },
  };
  if (isAnswering(state) || (state.name === "ended" && state.saving)) {
    return step("attach", state, { ...state, readers: [...state.readers, reader] }, [snapshot]);
  }
  if (state.name !== "ended") return refuse("attach", state);
  return step("attach", state, state, [snapshot, ...tellEnd(state, [reader])]);
}

const textOf = (state: TurnState) => (state.name === "charged" ? "" : state.text);

/** A reader went away (tab closed, network lost): the answer goes on without it. */
export function detach(state: TurnState, reader: string): Step {
  if (!isAnswering(state) && state.name !== "ended") return refuse("detach", state);
  return step("detach", state, { ...state, readers: state.readers.filter((id) => id !== reader) });
}

/** Stop: the call is aborted and ends as stopped, keeping what was produced. */
export function stop(state: TurnState): Step {
  if (!isAnswering(state)) return refuse("stop", state);
  return step("stop", state, state, state.upstream ? [] : [{ type: "abortUpstream" }]);
}

export function alarm(state: TurnState, now: number): Step {
  if (state.name === "launched") {
    if (now < state.confirmBy) return step("alarm", state, state, [{ type: "wakeAt", at: state.confirmBy }]);
    // Nobody confirmed or cancelled: the caller is gone and will not settle the charge, so the turn does.
    const effects: TurnEffect[] = [
      { type: "abortUpstream" },
      { type: "settleCharge", end: "cancelled", delivered: false },
      { type: "forget" },
      { type: "drop" },
    ];
    return step("alarm", state, ended("cancelled", state.text, "turn"), effects);
  }
  if (isAnswering(state)) return step("alarm", state, state, [{ type: "wakeAt", at: now + KEEPALIVE_MS }]);
  if (state.name !== "ended") return refuse("alarm", state);
  if (state.saving || now < state.until) return step("alarm", state, state, [{ type: "wakeAt", at: state.until }]);
  return step("alarm", state, state, [{ type: "drop" }]);
}

/**
 * The object woke without this turn in memory (evicted mid-answer). A launch can no longer be confirmed: it is
 * dropped and its charge given back. An answer resumes once when `canResume` (its inputs were kept and the provider
 * can continue a text): the call goes out again asking the model to continue what was stored. Otherwise it ends
 * with what was stored, as interrupted.
 */
export function evicted(state: TurnState, canResume: boolean, now: number): Step {
  if (state.name === "launched") {
    return step("evicted", state, ended("cancelled", state.text, "turn"), [
      { type: "settleCharge", end: "cancelled", delivered: false },
      { type: "forget" },
      { type: "drop" },
    ]);
  }
  if (!isAnswering(state)) return refuse("evicted", state);
  if (state.name === "streaming" && canResume) {
    const next: TurnState = { name: "resumed", text: state.text, thinking: false, readers: [], rows: "written", lastSaveAt: now };
    const effects: TurnEffect[] = [
      { type: "callUpstream", continueFrom: state.text },
      { type: "remember", phase: "resumed" },
      { type: "wakeAt", at: now + KEEPALIVE_MS },
    ];
    return step("evicted", state, next, effects);
  }
  return step("evicted", state, ended("failed", state.text, "turn", "chat/interrupted"), [{ type: "endInterrupted" }, { type: "forget" }, { type: "drop" }]);
}
