// The operator's endpoint for the move of old per-account rows into the accounts' objects (decision 0026, README
// "Deploying"; scripts/move-accounts.mjs), mounted by the edge (edge.ts) outside Remix. The move itself is
// account/moves.ts's.
import { equalSecrets } from "../auth/crypto";
import { enqueueAccountMoves } from "../account/moves";
import { moveProgress } from "../account/move-from-d1";
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { apiError } from "./respond";

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
  return Response.json({ ok: true, ...(await enqueueAccountMoves(env, queue, after)) });
}
