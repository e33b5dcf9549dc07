import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicOrigin } from "~/.server/http/auth";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { shareThread, shareUrl, threadShare, type ShareSummary } from "~/.server/share/links";
import { shareThreadSchema } from "~/lib/schemas/share";

type Context = LoaderFunctionArgs["context"];

/** Only a signed-in owner shares: a visitor's chat has no account to list its links under (decision 0015). */
async function owner(request: Request, context: Context, threadId: string | undefined) {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("share/sign-in-required");
  if (!threadId) throw new AppError("chat/not-found");
  return { userId: viewer.user.id, threadId };
}

function view(request: Request, context: Context, share: ShareSummary) {
  return {
    id: share.id,
    url: shareUrl(publicOrigin(request, context), share.id),
    showName: share.showName,
    createdAt: share.createdAt,
    updatedAt: share.updatedAt,
  };
}

/** GET the thread's link for the share dialog: `{ ok: true, share: { id, url, showName, createdAt, updatedAt } | null }`. */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { userId, threadId } = await owner(request, context, params.threadId);
  const share = await threadShare(context.env, userId, threadId);
  return Response.json({ ok: true, share: share && view(request, context, share) }, { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST (intent=share, showName=on?) creates the thread's public link, or takes a new snapshot under the same link:
 * `{ ok: true, share: { id, url, showName, createdAt, updatedAt } }`, or the one error body (docs/product.md §7) with its status.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const { userId, threadId } = await owner(request, context, params.threadId);
  const parsed = shareThreadSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new AppError("request/invalid");
  const share = await shareThread(context.env, userId, threadId, { showName: parsed.data.showName });
  return Response.json({ ok: true, share: view(request, context, share) }, { headers: { "Cache-Control": "no-store" } });
});
