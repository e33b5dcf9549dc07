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
import { ownersPage, recordMoved } from "./move-from-d1";
import { consumeEach } from "../queue-consumer";
import { isAccountDeleted } from "./tombstone";
import type { AccountMoveMessage } from "./messages";

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
 * Read a page of owner ids at a time (account/move-from-d1.ts ownersPage), by key, so no request scans the old tables.
 * GET `?after=<id>[&through=<id>]`: `{ total, moved, next }`, the owners with old rows in that range of ids and how
 * many of them are moved (scripts/move-accounts.mjs sums the pages, and reads again only the pages still moving).
 * POST `?after=<id>`: enqueues that page's accounts not moved yet, `{ enqueued, next }`. `next` is where the next page
 * starts, null after the last. Only with the operator's token (ACCOUNT_MOVES_TOKEN, a secret); without one configured
 * the endpoint does not exist.
 */
export async function accountMovesAdmin(request: Request, env: AppEnv, config: AppConfig): Promise<Response> {
  const token = config.accountMovesToken;
  const given = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
  // Compared as digests, so neither the answer nor its timing tells how long the token is.
  if (!token || !(await equalSecrets(given, token))) return apiError(request, new AppError("request/not-found"));
  const search = new URL(request.url).searchParams;
  const after = search.get("after") ?? "";
  if (request.method === "GET") {
    const { total, moved, next } = await ownersPage(env, { after, through: search.get("through") });
    return Response.json({ ok: true, total, moved, next });
  }
  if (request.method !== "POST") return apiError(request, new AppError("request/method-not-allowed", { allow: ["GET", "POST"] }));
  const queue = env.ACCOUNT_MOVES;
  if (!queue) return apiError(request, new AppError("request/not-found"));
  const { notMoved, next } = await ownersPage(env, { after });
  for (let start = 0; start < notMoved.length; start += PER_BATCH) {
    await queue.sendBatch(notMoved.slice(start, start + PER_BATCH).map((accountId) => ({ body: { accountId } })));
  }
  return Response.json({ ok: true, enqueued: notMoved.length, next });
}
