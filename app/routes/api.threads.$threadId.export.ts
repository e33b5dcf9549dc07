import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isDemoMode } from "~/.server/ai/providers";
import { exportThread } from "~/.server/chat/export";
import { AppError } from "~/.server/errors";
import { downloadResponse } from "~/.server/http/download";
import { resource } from "~/.server/http/respond";
import { getLocale, resources } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { exportQuerySchema } from "~/lib/schemas/share";

/**
 * GET ?format=md|json downloads the thread as a file (Content-Disposition: attachment). Only its owner, a signed-in
 * user or the visitor whose chat it is: anyone else gets 404; the owner asking for a format other than md or json a 400.
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const parsed = exportQuerySchema.safeParse({ format: new URL(request.url).searchParams.get("format") ?? undefined });
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.threadId) throw new AppError("chat/not-found");
  const strings = resources[getLocale(request)].chat;
  const file = await exportThread(context.env, viewer.accountId, params.threadId, parsed.success ? parsed.data.format : null, {
    you: strings.export.you,
    assistant: strings.export.assistant,
    demoModel: isDemoMode(context.env) ? strings.demoModel : null,
  });
  return downloadResponse(file);
});
