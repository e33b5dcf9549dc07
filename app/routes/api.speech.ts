import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError } from "~/.server/errors";
import { readJson } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { speechForAnswer } from "~/.server/voice/speech";
import { speechRequestSchema } from "~/lib/schemas/voice";

/** POST JSON `{ messageId, voice? }`: one of the asker's answers read aloud, as audio (docs/decisions/0025-voice.md). */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const parsed = speechRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  // Someone with no id yet has no answers: the same 404 as another account's message.
  if (!viewer.accountId) throw new AppError("chat/not-found");
  const listener = { accountId: viewer.accountId, plan: viewer.plan, address: clientAddress(request) };
  const spoken = await speechForAnswer(context.env, context.config, listener, parsed.data, getLocale(request));
  return new Response(spoken.body, {
    headers: { "Content-Type": spoken.contentType, "Cache-Control": "private, no-store", "X-Speech-Cache": spoken.cached ? "hit" : "miss" },
  });
});
