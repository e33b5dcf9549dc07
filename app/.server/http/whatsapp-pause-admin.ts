// The operator's view and clearing of WhatsApp's billing pause (docs/decisions/0036-whatsapp-number-object.md), mounted
// by the edge (edge.ts) outside Remix: a bearer token, no cookies.
import type { AppConfig, AppEnv } from "../env";
import { AppError } from "../errors";
import { clearPause, currentPause } from "../whatsapp/billing-pause";
import { isOperator } from "./operator-token";
import { apiError } from "./respond";

/** GET answers { ok, paused }, DELETE clears it. Only with WHATSAPP_ADMIN_TOKEN; otherwise the endpoint does not exist. */
export async function whatsappPauseAdmin(request: Request, env: AppEnv, config: AppConfig): Promise<Response> {
  if (!(await isOperator(request, config.whatsapp.adminToken))) return apiError(request, new AppError("request/not-found"));
  if (request.method === "GET") return Response.json({ ok: true, paused: await currentPause(env, config) });
  if (request.method !== "DELETE") return apiError(request, new AppError("request/method-not-allowed", { allow: ["GET", "DELETE"] }));
  await clearPause(env, config);
  return Response.json({ ok: true, paused: null });
}
