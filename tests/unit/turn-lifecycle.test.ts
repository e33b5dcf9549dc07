// The chat turn's table of moves and its charge rule (app/.server/chat/turn-lifecycle.ts). The integration test
// chat-turn-lifecycle.test.ts drives each move for real; this checks the table itself and what it refuses.
import { describe, expect, it } from "vitest";
import { chargeKept, moveTurn, TURN_MOVES, type TurnState } from "../../app/.server/chat/turn-lifecycle";

const STATES = Object.keys(TURN_MOVES) as TurnState[];
const ENDS = ["complete", "stopped", "failed", "cancelled", "abandoned"] as const;

describe("a chat turn's moves", () => {
  it("allows exactly the moves in the table and names any other", () => {
    for (const from of STATES) {
      for (const to of STATES) {
        if (TURN_MOVES[from].includes(to)) expect(moveTurn(from, to)).toBe(to);
        else expect(() => moveTurn(from, to)).toThrow(`chat turn: no move from ${from} to ${to}`);
      }
    }
  });

  it("ends only in an end state, which has no way out, and reaches one from the start", () => {
    for (const end of ENDS) expect(TURN_MOVES[end]).toEqual([]);
    const reachable = new Set<TurnState>(["charged"]);
    for (const state of reachable) for (const next of TURN_MOVES[state]) reachable.add(next);
    expect([...reachable].sort()).toEqual([...STATES].sort());
  });

  it("keeps the charge for a whole answer, for a stopped or failed one only when some of it was delivered, never otherwise", () => {
    expect(chargeKept("complete", false)).toBe(true);
    expect(chargeKept("complete", true)).toBe(true);
    for (const end of ["stopped", "failed"] as const) {
      expect(chargeKept(end, true)).toBe(true);
      expect(chargeKept(end, false)).toBe(false);
    }
    for (const end of ["cancelled", "abandoned"] as const) {
      expect(chargeKept(end, true)).toBe(false);
      expect(chargeKept(end, false)).toBe(false);
    }
  });
});
