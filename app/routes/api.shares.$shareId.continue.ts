import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { continueShare } from "~/.server/share/public";
import { continueShareSchema } from "~/lib/schemas/share";

/**
 * POST intent=continue: "Continue this chat" copies the shared messages into a new chat of the signed-in visitor:
 * `{ ok: true, threadId, url }`. A visitor is asked to sign in first (401); an unknown or revoked link is a 404.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  if (!continueShareSchema.safeParse(Object.fromEntries(form)).success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("share/sign-in-required");
  const threadId = await continueShare(context.env, { accountId: viewer.user.id, plan: viewer.plan }, params.shareId ?? "");
  return Response.json({ ok: true, threadId, url: `/web-main/${threadId}` }, { headers: { "Cache-Control": "no-store" } });
});
