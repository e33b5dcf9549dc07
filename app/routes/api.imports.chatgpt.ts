import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { requireMethod, POST_ONLY } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { latestImport, startChatgptImport } from "~/.server/imports/imports";

/** GET: the account's latest import, polled by Settings › Account while it runs: `{ ok: true, import }`. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("import/sign-in-required");
  return Response.json({ ok: true, import: await latestImport(context.env, viewer.user.id) }, { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST the export's bytes as the body (ChatGPT's ZIP or its conversations.json; decision 0040-import-chatgpt): 202 with
 * `{ ok: true, import }` once it is checked and begins; a visitor gets 401, bad files 4xx with nothing kept.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  requireMethod(request, POST_ONLY);
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("import/sign-in-required");
  const started = await startChatgptImport(
    context.env,
    { accountId: viewer.user.id, plan: viewer.plan },
    { body: request.body, length: Number(request.headers.get("Content-Length") ?? "0") },
  );
  return Response.json({ ok: true, import: started }, { status: 202, headers: { "Cache-Control": "no-store" } });
});
