import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { endTemporaryChat } from "~/.server/images/uploads";
import { endTemporaryChatSchema } from "~/lib/schemas/chat";

/**
 * POST form `id` (repeated): the page ends its temporary chat (closed, reloaded, switched off or left; sent with
 * navigator.sendBeacon) and the photos and documents it attached are removed now (decision 0027). Only the asker's
 * own attachments, only those still temporary: another account's id, or a file a saved chat uses, is left as it is.
 * Same-origin like every POST (security.ts), and answered the same whether or not anything was removed.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (!viewer.accountId) throw new AppError("auth/sign-in-required");
  const parsed = endTemporaryChatSchema.safeParse({ ids: form.getAll("id") });
  if (!parsed.success) throw new AppError("request/invalid");
  await endTemporaryChat(context.env, viewer.accountId, parsed.data.ids);
  return Response.json({ ok: true });
});
