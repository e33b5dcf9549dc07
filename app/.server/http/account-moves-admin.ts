// The operator's endpoint for the move of old per-account rows into the accounts' objects (decision 0026, README
// "Deploying"; scripts/move-accounts.mjs), mounted by the edge (edge.ts) outside Remix. The move itself is
// account/moves.ts's.
import { enqueueAccountMoves } from "../account/moves";
import { ownersPage } from "../account/move-from-d1";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { isOperator } from "./operator-token";
import { apiError } from "./respond";

/**
 * Reads a page of owner ids at a time, by key, so no request scans the old tables.
 * GET `?after=<id>[&through=<id>]`: `{ total, moved, next }`, the owners with old rows in that range of ids and how
 * many of them are moved (scripts/move-accounts.mjs sums the pages, and reads again only the pages still moving).
 * POST `?after=<id>`: enqueues that page's accounts not moved yet, `{ enqueued, next }`. `next` is where the next page
 * starts, null after the last. Only with the operator's token (ACCOUNT_MOVES_TOKEN, a secret); without one configured
 * the endpoint does not exist.
 */
export async function accountMovesAdmin(request: Request, env: AppEnv, config: AppConfig): Promise<Response> {
  if (!(await isOperator(request, config.accountMovesToken))) return apiError(request, new AppError("request/not-found"));
  const search = new URL(request.url).searchParams;
  const after = search.get("after") ?? "";
  if (request.method === "GET") {
    const { total, moved, next } = await ownersPage(env, { after, through: search.get("through") });
    return Response.json({ ok: true, total, moved, next });
  }
  if (request.method !== "POST") return apiError(request, new AppError("request/method-not-allowed", { allow: ["GET", "POST"] }));
  const queue = env.ACCOUNT_MOVES;
  if (!queue) return apiError(request, new AppError("request/not-found"));
  return Response.json({ ok: true, ...(await enqueueAccountMoves(env, queue, after)) });
}
