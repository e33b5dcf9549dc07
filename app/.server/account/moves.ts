// The move of a deployed database's old per-account rows into the accounts' objects (decision 0026, README
// "Deploying"): an operator starts it and watches it through /api/admin/account-moves (scripts/move-accounts.mjs),
// which enqueues every account with old rows on the account-moves queue, one account per message; the consumer asks
// each account's object to move itself in (account/move-from-d1.ts). Safe to run twice and to interrupt: a message
// for a moved account costs one call, and a move cut off is finished by the next delivery or the account's first use.
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { equalSecrets } from "../auth/crypto";
import { apiError } from "../http/respond";
import { accountObject } from "./client";
import { accountsToMove, moveProgress, recordMoved } from "./move-from-d1";
import { consumeEach } from "../queue-consumer";
import { isAccountDeleted } from "./tombstone";
import type { AccountMoveMessage } from "./messages";

export const ACCOUNT_MOVES_QUEUE = "account-moves";

export type { AccountMoveMessage, AccountMovesQueue } from "./messages";

/** Accounts one POST enqueues (a Queue takes 100 messages per sendBatch); the script posts again from `next`. */
const ACCOUNTS_PER_REQUEST = 1000;
const PER_BATCH = 100;

function isAccountMoveMessage(value: unknown): value is AccountMoveMessage {
  return typeof value === "object" && value !== null && typeof (value as AccountMoveMessage).accountId === "string";
}

export async function processAccountMoves(batch: MessageBatch<unknown>, env: AppEnv): Promise<void> {
  await consumeEach(batch, {
    name: "account-moves",
    isMessage: isAccountMoveMessage,
    handle: async ({ accountId }) => {
      try {
        const rows = await accountObject(env, accountId).moveFromD1();
        // Recorded here too: an account moved on first use with nothing left to copy is still counted as moved.
        await recordMoved(env, accountId, rows);
        return "done";
      } catch (error) {
        // A deleted account has nothing to move: its deletion job deletes the old rows.
        if (isAccountDeleted(error)) return "done";
        console.error("account-moves: move failed, retried", accountId, error);
        return "retry";
      }
    },
    retryDelaySeconds: (attempts) => Math.min(300, 10 * 2 ** attempts),
  });
}

/**
 * GET: `{ total, moved }`, accounts with old rows and how many of them are moved. POST `?after=<id>`: enqueues the
 * next accounts not moved yet, `{ enqueued, next }` (`next` null once every one is enqueued). Only with the operator's
 * token (ACCOUNT_MOVES_TOKEN, a secret); without one configured the endpoint does not exist.
 */
export async function accountMovesAdmin(request: Request, env: AppEnv, config: AppConfig): Promise<Response> {
  const token = config.accountMovesToken;
  const given = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
  // Compared as digests, so neither the answer nor its timing tells how long the token is.
  if (!token || !(await equalSecrets(given, token))) return apiError(request, new AppError("request/not-found"));
  if (request.method === "GET") return Response.json({ ok: true, ...(await moveProgress(env)) });
  if (request.method !== "POST") return apiError(request, new AppError("request/method-not-allowed", { allow: ["GET", "POST"] }));
  const queue = env.ACCOUNT_MOVES;
  if (!queue) return apiError(request, new AppError("request/not-found"));
  const after = new URL(request.url).searchParams.get("after") ?? "";
  const ids = await accountsToMove(env, after, ACCOUNTS_PER_REQUEST);
  for (let start = 0; start < ids.length; start += PER_BATCH) {
    await queue.sendBatch(ids.slice(start, start + PER_BATCH).map((accountId) => ({ body: { accountId } })));
  }
  return Response.json({ ok: true, enqueued: ids.length, next: ids.length === ACCOUNTS_PER_REQUEST ? ids.at(-1)! : null });
}
