import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { setVoiceReplies } from "~/.server/whatsapp/link-codes";

const voiceRepliesSchema = z.object({ enabled: z.enum(["true", "false"]) });

/** POST form `enabled=true|false`: the linked number's "reply with voice" setting (decision 0025), `{ ok, voiceReplies }`. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  const parsed = voiceRepliesSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new AppError("request/invalid");
  const enabled = parsed.data.enabled === "true";
  await setVoiceReplies(context.env, viewer.user.id, enabled);
  return Response.json({ ok: true, voiceReplies: enabled }, { headers: { "Cache-Control": "no-store" } });
});
