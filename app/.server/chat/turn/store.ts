// Where a turn's rows and charge are written, as the account's object performs the machine's effects (runner.ts): the
// rows in the object's own SQLite, the charge in its own ledger (decision 0026), so nothing shared is written while an
// answer streams. One small file, so the machine and the runner do not know where either lives.
import type { AccountContext } from "../../account/schema";
import type { Tombstone } from "../../account/tombstone";
import { commitHeldCharge, refundInAccount } from "../../credits/account-credits";
import { applyTurnWrites, finishAssistantMessage, savedAnswerText, saveAssistantProgress, type TurnWrites } from "../messages";
import { chargeKept, type TurnEnd } from "./table";

/** The turn's charge: whose balance, and the idempotency key it was taken under (so it is given back at most once). */
export interface TurnCharge {
  ownerId: string;
  creditKey: string;
}

/** Where the turn's rows and charge are written. */
export interface TurnStore {
  writeTurn(writes: TurnWrites): Promise<void>;
  saveProgress(messageId: string, text: string): Promise<void>;
  /** The answer's text as last saved (its row): what a turn lost to an eviction resumes from. */
  savedText(messageId: string): Promise<string>;
  finish(messageId: string, outcome: { status: "complete" | "stopped" | "failed"; errorCode: string | null; text: string }): Promise<void>;
  /**
   * Marks an answer still marked streaming interrupted, keeping what was saved: `ended` when it was still streaming
   * (a second call finds it finished), and whether anything had been saved.
   */
  endInterrupted(messageId: string): Promise<{ ended: boolean; delivered: boolean }>;
  /**
   * Settles a turn's charge once the turn has ended: kept, or given back (table.ts chargeKept). Called by the runner
   * for the machine's settleCharge effect only: the one place a chat credit is given back. A refund is idempotent by
   * key (the account's ledger), so a second settle of the same charge gives back nothing more.
   */
  settleCharge(charge: TurnCharge, end: TurnEnd, delivered: boolean): Promise<void>;
  /** Writes the turn's charge, held unwritten until its request left (nothing if it is written or was given back). */
  commitCharge(charge: TurnCharge): void;
}

/**
 * The turn store of the account's object: its SQLite and its ledger, refusing every write once the account is being
 * deleted (decision 0033; a held charge is then never written).
 */
export function accountTurnStore(account: () => AccountContext, tombstone: Tombstone): TurnStore {
  const refused =
    <Args extends unknown[], Result>(write: (...args: Args) => Result) =>
    async (...args: Args): Promise<Awaited<Result>> => {
      tombstone.refuse();
      return await write(...args);
    };
  return {
    commitCharge: ({ creditKey }) => {
      if (!tombstone.erased) commitHeldCharge(account(), creditKey);
    },
    writeTurn: refused((writes: TurnWrites) => applyTurnWrites(account().db, writes)),
    saveProgress: refused((messageId: string, text: string) => saveAssistantProgress(account().db, messageId, text)),
    savedText: async (messageId) => savedAnswerText(account().db, messageId),
    finish: refused((messageId: string, { status, errorCode, text }: Parameters<TurnStore["finish"]>[1]) => {
      finishAssistantMessage(account().db, messageId, { status, errorCode, content: text });
    }),
    endInterrupted: refused((messageId: string) => {
      const outcome = finishAssistantMessage(account().db, messageId, { status: "failed", errorCode: "chat/interrupted", onlyIfStreaming: true });
      return { ended: outcome.updated, delivered: outcome.updated && !outcome.empty };
    }),
    settleCharge: refused(async (charge: TurnCharge, end: TurnEnd, delivered: boolean) => {
      if (!chargeKept(end, delivered)) await refundInAccount(account(), charge.creditKey);
    }),
  };
}
