// One chat turn as a pure state machine (docs/decisions/0022): each move is a function from a state (table.ts)
// to the next state and the effects to perform, checked against the table; nothing here does any I/O or reads a
// clock. The account's object performs the effects (runner.ts) and feeds their results back as moves
// (writeTurn -> rowsWritten / rowsFailed, finish -> finished, the model call -> thinking / delta / upstreamEnded).
import type { AnswerStatus } from "../../../lib/chat-events";
import {
  checkedStep as step,
  CONFIRM_WITHIN_MS,
  isAnswering,
  KEEPALIVE_MS,
  LINGER_MS,
  refuse,
  SAVE_MIN_CHARS,
  SAVE_EVERY_MS,
  type AnsweringState,
  type EndedState,
  type CheckpointPhase,
  type Step,
  type TurnEffect,
  type TurnEnd,
  type TurnState,
  type UpstreamOutcome,
} from "./table";

export const charged = (): TurnState => ({ name: "charged" });

/** The state a turn was in, as its checkpoint recorded it, before the wake that finds it gone from memory. */
export function fromCheckpoint(phase: CheckpointPhase, text: string): TurnState {
  if (phase === "launched") return { name: "launched", confirmBy: 0, text, thinking: false };
  return { name: phase, text, thinking: false, readers: [], rows: "written", lastSaveAt: 0, savedChars: text.length };
}

export function launch(state: TurnState, now: number, confirmWithinMs = CONFIRM_WITHIN_MS): Step {
  const confirmBy = now + confirmWithinMs;
  const next: TurnState = { name: "launched", confirmBy, text: "", thinking: false };
  return step("launch", state, next, [{ type: "callUpstream" }, { type: "checkpoint", phase: "launched" }, { type: "wakeAt", at: confirmBy }]);
}

export function start(state: TurnState, now: number): Step {
  const next: TurnState = { name: "streaming", text: "", thinking: false, readers: [], rows: "writing", lastSaveAt: now, savedChars: 0 };
  return step("start", state, next, [{ type: "callUpstream" }, ...beginAnswer(now)]);
}

/**
 * What a turn shown from now on needs (the request already left): its rows, then its checkpoint, then kept alive.
 * Rows first: rows without a checkpoint are ended by the next reader (join.ts), while a checkpoint without rows would
 * be resumed for nobody.
 */
const beginAnswer = (now: number): TurnEffect[] => [
  { type: "writeTurn" },
  { type: "checkpoint", phase: "streaming" },
  { type: "wakeAt", at: now + KEEPALIVE_MS },
];

export function confirm(state: TurnState, now: number): Step {
  if (state.name !== "launched") return refuse("confirm", state);
  const { text, thinking, upstream } = state;
  const next: TurnState = { name: "streaming", text, thinking, upstream, readers: [], rows: "writing", lastSaveAt: now, savedChars: 0 };
  return step("confirm", state, next, beginAnswer(now));
}

/** The caller found the owner different (or could not confirm): dropped without a trace, and the charge given back. */
export function cancel(state: TurnState): Step {
  if (state.name !== "launched") return refuse("cancel", state);
  return step("cancel", state, ended("cancelled", state.text), [{ type: "abortUpstream" }, ...giveUp("cancelled")]);
}

/** The turn never went out (its thread, attachment or composing failed once it was charged): the charge goes back. */
export function abandon(state: TurnState): Step {
  if (state.name !== "charged") return refuse("abandon", state);
  return step("abandon", state, ended("abandoned", ""), [{ type: "settleCharge", end: "abandoned", delivered: false }, { type: "drop" }]);
}

/** A turn dropped before its answer existed: its charge given back, its checkpoint cleared, the object lets go. */
const giveUp = (end: "cancelled"): TurnEffect[] => [{ type: "settleCharge", end, delivered: false }, { type: "clearCheckpoint" }, { type: "drop" }];

function ended(how: TurnEnd, text: string, errorCode: string | null = null, until = 0): EndedState {
  return { name: "ended", how, errorCode, text, saving: false, readers: [], until };
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
  // The answer is saved as soon as its second piece comes, so a page reloaded mid-answer shows it begun (and renders
  // it on the server); after it, at most once a second and once SAVE_MIN_CHARS more came (each save rewrites the whole
  // text). Not with the first piece: the object holds back what it sends until its writes are stored (the output
  // gate), so saving there delayed the first token by about 1.3 ms (tests/bench/chat-first-token-diary.md).
  const first = state.savedChars === 0 && state.text.length > 0;
  const due = first || (now - state.lastSaveAt >= SAVE_EVERY_MS && text.length - state.savedChars >= SAVE_MIN_CHARS);
  const save = state.rows !== "missing" && due;
  if (!save) return step("delta", state, { ...state, text }, effects);
  effects.push({ type: "saveProgress", text });
  return step("delta", state, { ...state, text, lastSaveAt: now, savedChars: text.length }, effects);
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
    const next = ended("failed", state.text, "app/unknown", until);
    return [
      next,
      [{ type: "settleCharge", end: "failed", delivered: false }, ...tellEnd(next, state.readers), { type: "clearCheckpoint" }, { type: "wakeAt", at: until }],
    ];
  }
  // A resumed answer that fails again ends as the eviction left it: interrupted.
  const errorCode = state.name === "resumed" && outcome.status === "failed" ? "chat/interrupted" : outcome.errorCode;
  const next: EndedState = { ...ended(outcome.status, state.text, errorCode, until), saving: true, readers: state.readers };
  return [next, [{ type: "finish", status: outcome.status, errorCode, text: state.text }]];
}

/** The outcome is written: the charge is settled, then readers get the final event (so "done" means final). */
export function finished(state: TurnState): Step {
  if (state.name !== "ended" || !state.saving) return refuse("finished", state);
  const next: EndedState = { ...state, saving: false, readers: [] };
  const settle: TurnEffect = { type: "settleCharge", end: state.how, delivered: state.text !== "" };
  return step("finished", state, next, [settle, ...tellEnd(next, state.readers), { type: "clearCheckpoint" }, { type: "wakeAt", at: state.until }]);
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
    // Nobody confirmed or cancelled: the caller is gone, and the launch is given up as a cancel would.
    return step("alarm", state, ended("cancelled", state.text), [{ type: "abortUpstream" }, ...giveUp("cancelled")]);
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
    return step("evicted", state, ended("cancelled", state.text), giveUp("cancelled"));
  }
  if (!isAnswering(state)) return refuse("evicted", state);
  if (state.name === "streaming" && canResume) {
    const next: TurnState = {
      name: "resumed",
      text: state.text,
      thinking: false,
      readers: [],
      rows: "written",
      lastSaveAt: now,
      savedChars: state.text.length,
    };
    const effects: TurnEffect[] = [
      { type: "callUpstream", continueFrom: state.text },
      { type: "checkpoint", phase: "resumed" },
      { type: "wakeAt", at: now + KEEPALIVE_MS },
    ];
    return step("evicted", state, next, effects);
  }
  return step("evicted", state, ended("failed", state.text, "chat/interrupted"), [{ type: "endInterrupted" }, { type: "clearCheckpoint" }, { type: "drop" }]);
}
