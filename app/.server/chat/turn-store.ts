// Where a turn's rows and charge are written, as the account's object performs the machine's effects (turn-runner.ts
// TurnStore): the rows in D1 today, the charge in the account's own ledger (decision 0026). One small file, so the
// store can move into the object's own storage (issue 31) without touching the machine or the runner.
import { refundCredits } from "../credits";
import type { AppEnv } from "../env";
import { applyTurnWrites, finishAssistantMessage, saveAssistantProgress } from "./messages";
import { chargeKept, type TurnEnd } from "./turn-table";
import type { TurnStore } from "./turn-runner";

/** The turn's charge: whose balance, and the idempotency key it was taken under (so it is given back at most once). */
export interface TurnCharge {
  ownerId: string;
  creditKey: string;
}

/**
 * Settles a turn's charge once the turn has ended: kept, or given back (turn-machine.ts chargeKept). The one place a
 * chat credit is refunded. Returns whether it was given back. A refund is idempotent by key (CreditsCounter), so a
 * second settle of the same turn (a reader and the object both noticing an eviction) gives back nothing more.
 */
export async function settleTurnCharge(env: AppEnv, charge: TurnCharge, end: TurnEnd, delivered = false, refund: Refund = refundCredits): Promise<boolean> {
  if (chargeKept(end, delivered)) return false;
  await refund(env, charge.ownerId, charge.creditKey);
  return true;
}

/** How a charge is given back: through the account's object, or (inside that object) straight in its ledger. */
export type Refund = (env: AppEnv, ownerId: string, creditKey: string) => Promise<unknown>;

/**
 * An answer still marked streaming whose generation is gone (evicted, not resumed): what was saved is kept, marked
 * interrupted, and the charge kept only if something was saved. A second call finds it finished and does nothing.
 */
export async function endInterrupted(env: AppEnv, messageId: string, charge: TurnCharge | undefined, refund?: Refund): Promise<void> {
  const outcome = await finishAssistantMessage(env, messageId, { status: "failed", errorCode: "chat/interrupted", onlyIfStreaming: true });
  if (outcome.updated && charge) await settleTurnCharge(env, charge, "failed", !outcome.empty, refund);
}

/** `refund`: the object's own ledger, when the store is the account object's (its charges are kept there). */
export function d1TurnStore(env: AppEnv, refund?: Refund): TurnStore {
  return {
    writeTurn: (writes) => applyTurnWrites(env, writes),
    saveProgress: (messageId, text) => saveAssistantProgress(env, messageId, text),
    finish: async (messageId, { status, errorCode, text }) => {
      await finishAssistantMessage(env, messageId, { status, errorCode, content: text });
    },
    endInterrupted: (messageId, charge) => endInterrupted(env, messageId, charge, refund),
    settleCharge: async (charge, end, delivered) => {
      await settleTurnCharge(env, charge, end, delivered, refund);
    },
  };
}
