// The chat turn's states, the effects its moves ask for, and the table of its moves (docs/decisions/0022); the moves
// themselves are machine.ts, run by runner.ts.
//
//   charged ─ start ──────────────────────────────► streaming ─┬─► complete   (the answer is whole)
//      │                                              ▲     │    ├─► stopped    (the person pressed Stop)
//      ├─ launch (owner hint) ─► launched ─ confirm ──┘     │    └─► failed     (upstream cut or refused, rows not
//      │                            │                       │                    written, evicted and not resumable)
//      │                            └─ cancel / alarm (no confirm in 10 s) / evicted ─► cancelled
//      │                                                    └─ evicted, resumable ─► resumed ─► complete | stopped | failed
//      └─ abandon (begin.ts: the thread, the attachment or the composing failed) ─► abandoned
//
// The charge is settled by the machine alone (its settleCharge effect): whole answers keep it, and every end before
// an answer existed (cancel, abandon, a launch never confirmed) gives it back.
//
// MOVES below is that table; every move checks its result against it (checkedStep), and TURN_MOVES (state -> next
// states) is derived from it. A turn resumes once: a resumed turn evicted again ends with what was produced.
import type { AnswerStatus, ChatStreamEvent } from "../../../lib/chat-events";

/**
 * Progress is saved (into the message row, its only copy) at most once a second while an answer streams, and only once
 * at least SAVE_MIN_CHARS more came: each save rewrites the whole text, so a 3 KB answer costs at most 3 saves at any
 * pace, and an eviction loses at most a second of a fast answer or a kilobyte of a slow one.
 */
export const SAVE_EVERY_MS = 1_000;
export const SAVE_MIN_CHARS = 1_024;
/** A model call that has sent nothing for this long ends the answer as interrupted (the runner's watchdog). */
export const STALL_AFTER_MS = 60_000;
/** Answers resumed after an eviction start at a random moment within this, so a deploy does not re-ask them all at once. */
export const RESUME_SPREAD_MS = 10_000;
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
  /**
   * Shown to readers (ids), its rows being written or written (or missing: then it fails); progress last saved at
   * `lastSaveAt`, `savedChars` long (SAVE_EVERY_MS, SAVE_MIN_CHARS).
   */
  | ({ name: "streaming" | "resumed"; readers: readonly string[]; rows: "writing" | "written" | "missing"; lastSaveAt: number; savedChars: number } & Answer)
  /**
   * Over, and how. While `saving`, the outcome is being written and readers still wait for the final event; readable
   * until `until`.
   */
  | {
      name: "ended";
      how: TurnEnd;
      errorCode: string | null;
      text: string;
      saving: boolean;
      readers: readonly string[];
      until: number;
    };

export type TurnStateName = Exclude<TurnState["name"], "ended"> | TurnEnd;
/** What the turn's checkpoint (checkpoint.ts) records of where it was, so a wake after an eviction knows. */
export type CheckpointPhase = "launched" | "streaming" | "resumed";

export type TurnEffect =
  /** Open the model call (a resume asks it to continue `continueFrom`); its events come back as moves. */
  | { type: "callUpstream"; continueFrom?: string }
  | { type: "abortUpstream" }
  /** Write the turn's checkpoint: what a wake needs (the phase, the inputs; the text is the message row's, saveProgress). */
  | { type: "checkpoint"; phase: CheckpointPhase }
  /** Write the turn's rows; comes back as rowsWritten or rowsFailed. */
  | { type: "writeTurn" }
  | { type: "saveProgress"; text: string }
  /** Write the outcome; comes back as finished. */
  | { type: "finish"; status: AnswerStatus; errorCode: string | null; text: string }
  /** Mark the stored answer interrupted, keeping what was saved, and settle the charge by whether anything was. */
  | { type: "endInterrupted" }
  | { type: "settleCharge"; end: TurnEnd; delivered: boolean }
  | { type: "tell"; readers: readonly string[]; event: ChatStreamEvent }
  | { type: "close"; readers: readonly string[] }
  /** Remove the turn's checkpoint. */
  | { type: "clearCheckpoint" }
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
  /** The turn is given up before it is sent (its thread, attachment or composing failed): the charge goes back. */
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
export function checkedStep(move: TurnMove, from: TurnState, state: TurnState, effects: TurnEffect[] = []): Step {
  if (!(MOVES[move] as Targets)[stateName(from)]?.includes(stateName(state))) {
    throw new Error(`chat turn: no move ${move} from ${stateName(from)} to ${stateName(state)}`);
  }
  return { state, effects };
}

export function refuse(move: TurnMove, state: TurnState): never {
  throw new Error(`chat turn: no move ${move} from ${stateName(state)}`);
}

export type AnsweringState = Extract<TurnState, { name: "streaming" | "resumed" }>;
export type EndedState = Extract<TurnState, { name: "ended" }>;
export const isAnswering = (state: TurnState): state is AnsweringState => state.name === "streaming" || state.name === "resumed";

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
