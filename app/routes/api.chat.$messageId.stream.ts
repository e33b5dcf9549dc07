import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SSE_HEADERS } from "~/.server/chat/join";
import { joinAnswer } from "~/.server/chat/threads";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** GET: join an answer (after a reload or a dropped connection): what exists so far, then live pieces. */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.messageId) throw new AppError("chat/not-found");
  return new Response(await joinAnswer(context.env, viewer.accountId, params.messageId), { headers: SSE_HEADERS });
});
