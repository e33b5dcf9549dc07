// The move of a deployed database's old per-account rows into the accounts' objects (decision 0026, README
// "Deploying"): an operator starts it and watches it through /api/admin/account-moves (scripts/move-accounts.mjs, answered by http/account-moves-admin.ts),
// which enqueues every account with old rows on the account-moves queue, one account per message; the consumer asks
// each account's object to move itself in (account/move-from-d1.ts). Safe to run twice and to interrupt: a message
// for a moved account costs one call, and a move cut off is finished by the next delivery or the account's first use.
import type { AppEnv } from "../env";
import { accountObject } from "./client";
import { ownersPage, recordMoved } from "./move-from-d1";
import { consumeEach } from "../queue-consumer";
import type { AccountMoveMessage, AccountMovesQueue } from "./messages";

export const ACCOUNT_MOVES_QUEUE = "account-moves";

export type { AccountMoveMessage, AccountMovesQueue } from "./messages";

/** A Queue takes 100 messages per sendBatch. */
const PER_BATCH = 100;

function isAccountMoveMessage(value: unknown): value is AccountMoveMessage {
  return typeof value === "object" && value !== null && typeof (value as AccountMoveMessage).accountId === "string";
}

export async function processAccountMoves(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  await consumeEach(batch, {
    name: "account-moves",
    isMessage: isAccountMoveMessage,
    // A failure is retried by consumeEach; a deleted account's refusal is acknowledged there (its deletion job
    // deletes the old rows, so there is nothing to move).
    handle: async ({ accountId }) => {
      const rows = await accountObject(env, accountId).moveFromD1();
      // Recorded here too: an account moved on first use with nothing left to copy is still counted as moved.
      await recordMoved(env, accountId, rows);
      return "done";
    },
    retryDelaySeconds: (attempts) => Math.min(300, 10 * 2 ** attempts),
  });
}

/**
 * Enqueues the accounts of one page of owner ids (account/move-from-d1.ts ownersPage, read by key so nothing scans the
 * old tables) that are not moved yet, one message each: `{ enqueued, next }`, `next` where the next page starts, null
 * after the last. The operator's endpoint is http/account-moves-admin.ts.
 */
export async function enqueueAccountMoves(env: AppEnv, queue: AccountMovesQueue, after: string): Promise<{ enqueued: number; next: string | null }> {
  const { notMoved, next } = await ownersPage(env, { after });
  for (let start = 0; start < notMoved.length; start += PER_BATCH) {
    await queue.sendBatch(notMoved.slice(start, start + PER_BATCH).map((accountId) => ({ body: { accountId } })));
  }
  return { enqueued: notMoved.length, next };
}
