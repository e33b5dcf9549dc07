// The life of one chat turn in one place: its states, who may move it from one to the next, and the one function
// that settles its charge. Every entry point (the web route, WhatsApp, the tools) charges a turn once, in
// turns.ts prepareFor, before anything else; from there the turn only moves along this table, and whatever way
// it ends, its charge is settled here and nowhere else.
//
//   charged ─ relay.start() ───────────────────────────────► streaming ─┬─► complete   (the answer is whole)
//      │                                                        ▲        ├─► stopped    (the person pressed Stop)
//      ├─ relay.launch() (owner hint) ─► launched ─ confirm() ──┘        └─► failed     (upstream cut or refused,
//      │                                    │                                            rows not written, evicted)
//      │                                    └─ cancel() (wrong owner) / no confirm() in 10 s ─► cancelled
//      └─ load, compose or hand-over failed, or the session read failed ───────────────────► abandoned
//
// Who moves it: turns.ts (charged -> launched/streaming/abandoned, and the cancel of a wrong hint), the account's
// ChatRelay (launched -> streaming on confirm, launched -> cancelled on time-out, streaming -> an end when the
// upstream call ends or Stop aborts it), and the relay's alarm or a reader joining after an eviction (streaming ->
// failed, for an answer the relay no longer holds).
import { refundCredits } from "../credits";
import type { AppEnv } from "../env";

export type TurnState = "charged" | "launched" | "streaming" | "complete" | "stopped" | "failed" | "cancelled" | "abandoned";
export type TurnEnd = "complete" | "stopped" | "failed" | "cancelled" | "abandoned";

export const TURN_MOVES: { readonly [From in TurnState]: readonly TurnState[] } = {
  charged: ["launched", "streaming", "abandoned"],
  launched: ["streaming", "cancelled"],
  streaming: ["complete", "stopped", "failed"],
  complete: [],
  stopped: [],
  failed: [],
  cancelled: [],
  abandoned: [],
};

/** The next state, or an error naming the move the code tried: a wrong move is a bug, never a user's doing. */
export function moveTurn<To extends TurnState>(from: TurnState, to: To): To {
  if (!TURN_MOVES[from].includes(to)) throw new Error(`chat turn: no move from ${from} to ${to}`);
  return to;
}

/**
 * Whether the person keeps paying for a turn that ended this way (README "Architecture map": nothing
 * delivered, nothing charged). A whole answer is paid for; a stopped or failed one only if some of it was
 * delivered (the person has that part); a turn cancelled or abandoned before its answer existed never is.
 */
export function chargeKept(end: TurnEnd, delivered: boolean): boolean {
  if (end === "complete") return true;
  if (end === "stopped" || end === "failed") return delivered;
  return false;
}

/** The turn's charge: whose balance, and the idempotency key it was taken under (so it is given back at most once). */
export interface TurnCharge {
  ownerId: string;
  creditKey: string;
}

/**
 * Settles a turn's charge once the turn has ended: kept, or given back. The one place a chat credit is refunded.
 * Returns whether it was given back. A refund is idempotent by key (CreditsCounter), so a second settle of the
 * same turn (a reader and the alarm both noticing an eviction) gives back nothing more.
 */
export async function settleTurnCharge(env: AppEnv, charge: TurnCharge, end: TurnEnd, delivered = false, refund: Refund = refundCredits): Promise<boolean> {
  if (chargeKept(end, delivered)) return false;
  await refund(env, charge.ownerId, charge.creditKey);
  return true;
}

/** How a charge is given back: through the account's object, or (inside that object) straight in its ledger. */
export type Refund = (env: AppEnv, ownerId: string, creditKey: string) => Promise<unknown>;
