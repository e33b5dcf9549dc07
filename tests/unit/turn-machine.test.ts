// The chat turn's state machine (app/.server/chat/turn/machine.ts, its table table.ts) driven without a Workers runtime: every move from
// every state, the effects each returns, and the moves it refuses. The integration test chat-turn-lifecycle.test.ts
// drives the same moves for real, through the app and the account's object.
import { describe, expect, it } from "vitest";
import * as turn from "../../app/.server/chat/turn/machine";
import * as table from "../../app/.server/chat/turn/table";
import type { Step, TurnEffect, TurnState } from "../../app/.server/chat/turn/table";

const T0 = 1_000_000;
const { KEEPALIVE_MS, LINGER_MS, SAVE_EVERY_MS, SAVE_MIN_CHARS } = table;

/** Applies moves in order from `state`, returning the last step. */
function drive(state: TurnState, ...moves: ((state: TurnState) => Step)[]): Step {
  let step: Step = { state, effects: [] };
  for (const move of moves) step = move(step.state);
  return step;
}

const started = () => turn.start(turn.charged(), T0).state;
const written = () => drive(started(), (state) => turn.rowsWritten(state, T0)).state;
const launched = () => turn.launch(turn.charged(), T0, 10_000).state;
const done = (text: string, status: "complete" | "stopped" | "failed" = "complete", errorCode: string | null = null) => ({
  type: "done" as const,
  status,
  errorCode,
  text,
});

describe("the table of a chat turn's moves", () => {
  it("is derived from the machine's moves: each state's next states", () => {
    expect(table.TURN_MOVES).toEqual({
      charged: ["launched", "streaming", "abandoned"],
      launched: ["streaming", "cancelled"],
      streaming: ["resumed", "complete", "stopped", "failed"],
      resumed: ["complete", "stopped", "failed"],
      complete: [],
      stopped: [],
      failed: [],
      cancelled: [],
      abandoned: [],
    });
  });

  it("ends only in an end state, which has no way out, and reaches every state from charged", () => {
    const reachable = new Set<string>(["charged"]);
    for (const state of reachable) for (const next of table.TURN_MOVES[state as keyof typeof table.TURN_MOVES]) reachable.add(next);
    expect([...reachable].sort()).toEqual(Object.keys(table.TURN_MOVES).sort());
  });

  it("refuses, naming it, every move the table does not have from a state", () => {
    const endedComplete = drive(written(), (state) => turn.upstreamEnded(state, { status: "complete", errorCode: null }, T0)).state;
    const states: TurnState[] = [
      turn.charged(),
      launched(),
      started(),
      written(),
      turn.fromCheckpoint("resumed", "Half"),
      endedComplete,
      turn.cancel(launched()).state,
    ];
    const moves: Record<string, (state: TurnState) => Step> = {
      launch: (state) => turn.launch(state, T0),
      start: (state) => turn.start(state, T0),
      confirm: (state) => turn.confirm(state, T0),
      cancel: turn.cancel,
      thinking: turn.thinking,
      delta: (state) => turn.delta(state, "x", T0),
      upstreamEnded: (state) => turn.upstreamEnded(state, { status: "complete", errorCode: null }, T0),
      rowsWritten: (state) => turn.rowsWritten(state, T0),
      rowsFailed: (state) => turn.rowsFailed(state, T0),
      finished: turn.finished,
      attach: (state) => turn.attach(state, "r"),
      detach: (state) => turn.detach(state, "r"),
      stop: turn.stop,
      alarm: (state) => turn.alarm(state, T0),
      evicted: (state) => turn.evicted(state, true, T0),
      abandon: turn.abandon,
    };
    let refused = 0;
    for (const state of states) {
      for (const [name, move] of Object.entries(moves)) {
        if (table.accepts(state, name as table.TurnMove)) continue;
        expect(() => move(state)).toThrow(`chat turn: no move ${name} from ${table.stateName(state)}`);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(50);
    // Moves the table has from a state, but not from this part of it: the rows are written once, the outcome too.
    expect(() => turn.rowsWritten(written(), T0)).toThrow("chat turn: no move rowsWritten from streaming");
    expect(() => turn.finished(turn.finished(endedComplete).state)).toThrow("chat turn: no move finished from complete");
  });

  it("keeps the charge for a whole answer, for a stopped or failed one only when some of it was delivered, never otherwise", () => {
    expect(table.chargeKept("complete", false)).toBe(true);
    for (const end of ["stopped", "failed"] as const) {
      expect(table.chargeKept(end, true)).toBe(true);
      expect(table.chargeKept(end, false)).toBe(false);
    }
    for (const end of ["cancelled", "abandoned"] as const) expect(table.chargeKept(end, true)).toBe(false);
  });
});

describe("a started turn", () => {
  it("sends the request first, then writes its rows, remembers it and keeps the object awake", () => {
    const step = turn.start(turn.charged(), T0);
    expect(step.state).toMatchObject({ name: "streaming", rows: "writing", text: "", readers: [] });
    expect(step.effects).toEqual([
      { type: "callUpstream" },
      { type: "writeTurn" },
      { type: "checkpoint", phase: "streaming" },
      { type: "wakeAt", at: T0 + KEEPALIVE_MS },
    ]);
  });

  it("tells readers every piece at once and saves progress at most every SAVE_EVERY_MS", () => {
    const joined = turn.attach(written(), "a");
    expect(joined.effects).toEqual([{ type: "tell", readers: ["a"], event: { type: "snapshot", text: "", thinking: false } }]);
    // The first piece leaves alone (a write beside it would hold it back); the second is saved with it: a page
    // reloaded mid-answer shows the answer begun.
    const first = turn.delta(joined.state, "He", T0 + 10);
    expect(first.effects).toEqual([{ type: "tell", readers: ["a"], event: { type: "delta", text: "He" } }]);
    const second = turn.delta(first.state, "l", T0 + 20);
    expect(second.effects).toEqual([
      { type: "tell", readers: ["a"], event: { type: "delta", text: "l" } },
      { type: "saveProgress", text: "Hel" },
    ]);
    const soon = turn.delta(second.state, "l", T0 + 30);
    expect(soon.effects).toEqual([{ type: "tell", readers: ["a"], event: { type: "delta", text: "l" } }]);
    const more = "o" + " and more".repeat(SAVE_MIN_CHARS / 8);
    const later = turn.delta(soon.state, more, T0 + 20 + SAVE_EVERY_MS);
    expect(later.effects).toEqual([
      { type: "tell", readers: ["a"], event: { type: "delta", text: more } },
      { type: "saveProgress", text: `Hell${more}` },
    ]);
    expect(later.state).toMatchObject({ text: `Hell${more}`, lastSaveAt: T0 + 20 + SAVE_EVERY_MS });
  });

  it("saves progress at most once a second, and only once SAVE_MIN_CHARS more came since the last save", () => {
    expect(SAVE_EVERY_MS).toBe(1_000);
    const kinds = (step: Step) => step.effects.map((effect) => effect.type);
    // Saved with the second piece; then much text, but within the second: not yet.
    const begun = turn.delta(turn.delta(written(), "v", T0).state, "w", T0);
    expect(kinds(begun)).toEqual(["tell", "saveProgress"]);
    const quick = turn.delta(begun.state, "x".repeat(SAVE_MIN_CHARS * 4 - 1), T0 + 10);
    expect(kinds(quick)).toEqual(["tell"]);
    const saved = turn.delta(quick.state, "yz", T0 + SAVE_EVERY_MS);
    expect(saved.effects.at(-1)).toEqual({ type: "saveProgress", text: "vw" + "x".repeat(SAVE_MIN_CHARS * 4 - 1) + "yz" });
    expect(saved.state).toMatchObject({ lastSaveAt: T0 + SAVE_EVERY_MS, savedChars: SAVE_MIN_CHARS * 4 + 3 });
    // Seconds later, but little text since: not yet; once SAVE_MIN_CHARS more came, saved.
    const slow = turn.delta(saved.state, "a".repeat(SAVE_MIN_CHARS - 1), T0 + 5 * SAVE_EVERY_MS);
    expect(kinds(slow)).toEqual(["tell"]);
    expect(turn.delta(slow.state, "b", T0 + 5 * SAVE_EVERY_MS).effects.at(-1)).toMatchObject({ type: "saveProgress" });
  });

  it("tells readers of thinking once", () => {
    const joined = turn.attach(written(), "a").state;
    const first = turn.thinking(joined);
    expect(first.effects).toEqual([{ type: "tell", readers: ["a"], event: { type: "thinking" } }]);
    expect(turn.thinking(first.state).effects).toEqual([]);
  });

  it("writes the outcome, then settles the charge and tells readers, then lingers and goes", () => {
    const ending = drive(
      written(),
      (state) => turn.attach(state, "a"),
      (state) => turn.delta(state, "All of it", T0 + 1),
      (state) => turn.upstreamEnded(state, { status: "complete", errorCode: null }, T0 + 2),
    );
    expect(ending.state).toMatchObject({ name: "ended", how: "complete", saving: true, readers: ["a"] });
    expect(ending.effects).toEqual([{ type: "finish", status: "complete", errorCode: null, text: "All of it" }]);
    // A reader joining while the outcome is written waits for the final event with the others.
    const late = turn.attach(ending.state, "b");
    expect(late.effects).toEqual([{ type: "tell", readers: ["b"], event: { type: "snapshot", text: "All of it", thinking: false } }]);
    const saved = turn.finished(late.state);
    expect(saved.state).toMatchObject({ saving: false, readers: [] });
    expect(saved.effects).toEqual([
      { type: "settleCharge", end: "complete", delivered: true },
      { type: "tell", readers: ["a", "b"], event: done("All of it") },
      { type: "close", readers: ["a", "b"] },
      { type: "clearCheckpoint" },
      { type: "wakeAt", at: T0 + 2 + LINGER_MS },
    ]);
    // A reader arriving later still gets the whole answer, until the linger is over.
    expect(turn.attach(saved.state, "c").effects).toEqual([
      { type: "tell", readers: ["c"], event: { type: "snapshot", text: "All of it", thinking: false } },
      { type: "tell", readers: ["c"], event: done("All of it") },
      { type: "close", readers: ["c"] },
    ]);
    expect(turn.alarm(saved.state, T0 + 3).effects).toEqual([{ type: "wakeAt", at: T0 + 2 + LINGER_MS }]);
    expect(turn.alarm(saved.state, T0 + 2 + LINGER_MS).effects).toEqual([{ type: "drop" }]);
  });

  it("ends once its rows are written when the call ended first", () => {
    const early = turn.upstreamEnded(turn.delta(started(), "Quick", T0).state, { status: "complete", errorCode: null }, T0);
    expect(early).toMatchObject({ state: { name: "streaming", upstream: { status: "complete" } }, effects: [] });
    expect(turn.rowsWritten(early.state, T0).effects).toEqual([{ type: "finish", status: "complete", errorCode: null, text: "Quick" }]);
  });

  it("stopped before any text: the call is aborted, and the charge given back", () => {
    const stopping = turn.stop(written());
    expect(stopping.effects).toEqual([{ type: "abortUpstream" }]);
    const ended = turn.upstreamEnded(stopping.state, { status: "stopped", errorCode: null }, T0);
    expect(ended.effects).toEqual([{ type: "finish", status: "stopped", errorCode: null, text: "" }]);
    expect(turn.finished(ended.state).effects[0]).toEqual({ type: "settleCharge", end: "stopped", delivered: false });
  });

  it("fails without its rows: the call is aborted, nothing is finished, the credit comes back", () => {
    const missing = turn.rowsFailed(turn.attach(started(), "a").state, T0);
    expect(missing.effects).toEqual([{ type: "abortUpstream" }]);
    const ended = turn.upstreamEnded(turn.delta(missing.state, "Lost", T0).state, { status: "stopped", errorCode: null }, T0);
    expect(ended.state).toMatchObject({ name: "ended", how: "failed", errorCode: "app/unknown", saving: false });
    expect(ended.effects).toEqual([
      { type: "settleCharge", end: "failed", delivered: false },
      { type: "tell", readers: ["a"], event: done("Lost", "failed", "app/unknown") },
      { type: "close", readers: ["a"] },
      { type: "clearCheckpoint" },
      { type: "wakeAt", at: T0 + LINGER_MS },
    ]);
  });

  it("lets a reader that went away go, and tells only the others", () => {
    const two = drive(
      written(),
      (state) => turn.attach(state, "a"),
      (state) => turn.attach(state, "b"),
    );
    const one = turn.detach(two.state, "a");
    expect(turn.delta(one.state, "x", T0).effects[0]).toEqual({ type: "tell", readers: ["b"], event: { type: "delta", text: "x" } });
  });

  it("keeps the object awake while it streams", () => {
    expect(turn.alarm(written(), T0 + 5).effects).toEqual([{ type: "wakeAt", at: T0 + 5 + KEEPALIVE_MS }]);
  });
});

describe("a launched turn (owner hint, decision 0009)", () => {
  it("sends the request, remembers it and waits for confirm until its deadline, showing nothing", () => {
    const step = turn.launch(turn.charged(), T0, 10_000);
    expect(step.state).toEqual({ name: "launched", confirmBy: T0 + 10_000, text: "", thinking: false });
    expect(step.effects).toEqual([{ type: "callUpstream" }, { type: "checkpoint", phase: "launched" }, { type: "wakeAt", at: T0 + 10_000 }]);
    const meanwhile = drive(
      step.state,
      turn.thinking,
      (state) => turn.delta(state, "Early", T0),
      (state) => turn.upstreamEnded(state, { status: "complete", errorCode: null }, T0),
    );
    expect(meanwhile).toEqual({ state: { ...step.state, text: "Early", thinking: true, upstream: { status: "complete", errorCode: null } }, effects: [] });
    expect(table.accepts(meanwhile.state, "attach")).toBe(false);
  });

  it("confirmed: written and shown from what it has, ending once its rows exist if the call is over", () => {
    const buffered = drive(
      launched(),
      (state) => turn.delta(state, "Early", T0),
      (state) => turn.upstreamEnded(state, { status: "complete", errorCode: null }, T0),
    );
    const confirmed = turn.confirm(buffered.state, T0 + 5);
    expect(confirmed.state).toMatchObject({ name: "streaming", text: "Early", rows: "writing" });
    expect(confirmed.effects).toEqual([{ type: "writeTurn" }, { type: "checkpoint", phase: "streaming" }, { type: "wakeAt", at: T0 + 5 + KEEPALIVE_MS }]);
    expect(turn.rowsWritten(confirmed.state, T0 + 6).effects).toEqual([{ type: "finish", status: "complete", errorCode: null, text: "Early" }]);
  });

  it("cancelled by the caller: aborted, its checkpoint cleared, and the charge given back by the turn (once, here)", () => {
    const step = turn.cancel(launched());
    expect(step.state).toMatchObject({ name: "ended", how: "cancelled" });
    expect(step.effects).toEqual([
      { type: "abortUpstream" },
      { type: "settleCharge", end: "cancelled", delivered: false },
      { type: "clearCheckpoint" },
      { type: "drop" },
    ]);
  });

  it("abandoned before it was sent (its thread, attachment or composing failed): the turn gives the charge back", () => {
    const step = turn.abandon(turn.charged());
    expect(step.state).toMatchObject({ name: "ended", how: "abandoned" });
    expect(step.effects).toEqual([{ type: "settleCharge", end: "abandoned", delivered: false }, { type: "drop" }]);
    // Only a turn not sent yet can be abandoned.
    expect(() => turn.abandon(launched())).toThrow("no move abandon from launched");
  });

  it("never confirmed: at its deadline the turn gives the charge back itself", () => {
    expect(turn.alarm(launched(), T0 + 9_999).effects).toEqual([{ type: "wakeAt", at: T0 + 10_000 }]);
    const step = turn.alarm(launched(), T0 + 10_000);
    expect(step.state).toMatchObject({ name: "ended", how: "cancelled" });
    expect(step.effects).toEqual([
      { type: "abortUpstream" },
      { type: "settleCharge", end: "cancelled", delivered: false },
      { type: "clearCheckpoint" },
      { type: "drop" },
    ]);
  });
});

describe("a turn found lost after an eviction", () => {
  it("resumes an answer once, asking the model to continue the stored text", () => {
    const step = turn.evicted(turn.fromCheckpoint("streaming", "Half an ans"), true, T0);
    expect(step.state).toEqual({ name: "resumed", text: "Half an ans", thinking: false, readers: [], rows: "written", lastSaveAt: T0, savedChars: 11 });
    expect(step.effects).toEqual<TurnEffect[]>([
      { type: "callUpstream", continueFrom: "Half an ans" },
      { type: "checkpoint", phase: "resumed" },
      { type: "wakeAt", at: T0 + KEEPALIVE_MS },
    ]);
    // A reader rejoining gets the stored text, then the continuation.
    const joined = turn.attach(step.state, "a");
    expect(joined.effects).toEqual([{ type: "tell", readers: ["a"], event: { type: "snapshot", text: "Half an ans", thinking: false } }]);
    const more = turn.delta(joined.state, "wer.", T0 + 1);
    const ended = turn.upstreamEnded(more.state, { status: "complete", errorCode: null }, T0 + 2);
    expect(ended.effects).toEqual([{ type: "finish", status: "complete", errorCode: null, text: "Half an answer." }]);
    expect(turn.finished(ended.state).effects[0]).toEqual({ type: "settleCharge", end: "complete", delivered: true });
  });

  it("ends a resumed answer whose continuation fails as interrupted, keeping what it has", () => {
    const resumed = turn.evicted(turn.fromCheckpoint("streaming", "Half"), true, T0).state;
    const ended = turn.upstreamEnded(resumed, { status: "failed", errorCode: "chat/model-unavailable" }, T0);
    expect(ended.effects).toEqual([{ type: "finish", status: "failed", errorCode: "chat/interrupted", text: "Half" }]);
    expect(turn.finished(ended.state).effects[0]).toEqual({ type: "settleCharge", end: "failed", delivered: true });
  });

  it("ends with what was stored when it cannot resume, or was resumed once already", () => {
    for (const [state, canResume] of [
      [turn.fromCheckpoint("streaming", "Half"), false],
      [turn.fromCheckpoint("resumed", "Half"), true],
    ] as const) {
      const step = turn.evicted(state, canResume, T0);
      expect(step.state).toMatchObject({ name: "ended", how: "failed", errorCode: "chat/interrupted" });
      expect(step.effects).toEqual([{ type: "endInterrupted" }, { type: "clearCheckpoint" }, { type: "drop" }]);
    }
  });

  it("drops a launch, which can no longer be confirmed, and gives its charge back", () => {
    const step = turn.evicted(turn.fromCheckpoint("launched", ""), true, T0);
    expect(step.state).toMatchObject({ name: "ended", how: "cancelled" });
    expect(step.effects).toEqual([{ type: "settleCharge", end: "cancelled", delivered: false }, { type: "clearCheckpoint" }, { type: "drop" }]);
  });
});
