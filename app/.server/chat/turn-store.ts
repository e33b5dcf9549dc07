// Where a turn's rows and charge are written, as the account's object performs the machine's effects (turn-runner.ts
// TurnStore): the rows in the object's own SQLite, the charge in its own ledger (decision 0026), so nothing shared is
// written while an answer streams. One small file, so the machine and the runner do not know where either lives.
import { eq } from "drizzle-orm";
import type { ChatMessage } from "../../../db/account-schema";
import { accountSchema, type AccountContext, type AccountDb } from "../account/schema";
import { refundCredits } from "../credits";
import { refundInAccount } from "../credits/account-credits";
import type { AppEnv } from "../env";
import { applyTurnWrites, finishAssistantMessage, savedAnswerText, saveAssistantProgress } from "./messages";
import { chargeKept, type TurnEnd } from "./turn-table";
import type { TurnStore } from "./turn-runner";

/** The turn's charge: whose balance, and the idempotency key it was taken under (so it is given back at most once). */
export interface TurnCharge {
  ownerId: string;
  creditKey: string;
}

/**
 * Settles a turn's charge once the turn has ended: kept, or given back (turn-machine.ts chargeKept). The one place a
 * chat credit is refunded. Returns whether it was given back. A refund is idempotent by key (the account's ledger), so
 * a second settle of the same turn (a reader and the object both noticing an eviction) gives back nothing more.
 */
export async function settleTurnCharge(env: AppEnv, charge: TurnCharge, end: TurnEnd, delivered = false, refund: Refund = refundCredits): Promise<boolean> {
  if (chargeKept(end, delivered)) return false;
  await refund(env, charge.ownerId, charge.creditKey);
  return true;
}

/** How a charge is given back: through the account's object, or (inside that object) straight in its ledger. */
export type Refund = (env: AppEnv, ownerId: string, creditKey: string) => Promise<unknown>;

/** Inside the account's object: gives a charge back in its own ledger, not by a call to itself. */
export function refundInObject(accountOf: (ownerId: string) => AccountContext): Refund {
  return (_env, ownerId, creditKey) => refundInAccount(accountOf(ownerId), creditKey);
}

/**
 * An answer still marked streaming whose generation is gone (evicted, not resumed): what was saved is kept, marked
 * interrupted, and the charge kept only if something was saved. A second call finds it finished and does nothing.
 * Runs inside the account's object, against its own storage and ledger.
 */
export async function endInterrupted(db: AccountDb, env: AppEnv, messageId: string, charge: TurnCharge | undefined, refund: Refund): Promise<void> {
  const outcome = finishAssistantMessage(db, messageId, { status: "failed", errorCode: "chat/interrupted", onlyIfStreaming: true });
  if (outcome.updated && charge) await settleTurnCharge(env, charge, "failed", !outcome.empty, refund);
}

/**
 * A reader found an answer marked streaming that its relay no longer holds (chat/join.ts): ends it as interrupted if
 * it still is, and returns the message as it is now (it may have just finished).
 */
export async function endInterruptedAnswer(
  account: AccountContext,
  { messageId, charge }: { messageId: string; charge?: TurnCharge },
): Promise<ChatMessage | null> {
  await endInterrupted(
    account.db,
    account.env,
    messageId,
    charge,
    refundInObject(() => account),
  );
  return account.db.select().from(accountSchema.chatMessages).where(eq(accountSchema.chatMessages.id, messageId)).get() ?? null;
}

/**
 * The turn store of the account's object (chat/relay-object.ts): its SQLite `db` and its ledger (`refund`, and
 * `commitCharge` for the charge held until the request left).
 */
export function accountTurnStore(db: AccountDb, env: AppEnv, refund: Refund, commitCharge: (charge: TurnCharge) => void): TurnStore {
  return {
    commitCharge,
    writeTurn: async (writes) => applyTurnWrites(db, writes),
    saveProgress: async (messageId, text) => saveAssistantProgress(db, messageId, text),
    savedText: async (messageId) => savedAnswerText(db, messageId),
    finish: async (messageId, { status, errorCode, text }) => {
      finishAssistantMessage(db, messageId, { status, errorCode, content: text });
    },
    endInterrupted: (messageId, charge) => endInterrupted(db, env, messageId, charge, refund),
    settleCharge: async (charge, end, delivered) => {
      await settleTurnCharge(env, charge, end, delivered, refund);
    },
  };
}
