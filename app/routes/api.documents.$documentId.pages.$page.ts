import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { inAccount } from "~/.server/account/client";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** GET one page of the asker's document (decision 0031): `{ ok, document, page: { number, heading, text } }`; 404 otherwise. */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  const number = Number(params.page);
  if (!viewer.accountId || !params.documentId || !/^\d{1,4}$/.test(params.page ?? "") || number < 1) throw new AppError("request/not-found");
  const found = await inAccount(context.env, viewer.accountId, "documents.page", { id: params.documentId, number });
  if (!found) throw new AppError("request/not-found");
  return Response.json({ ok: true, ...found }, { headers: { "Cache-Control": "private, no-cache" } });
});
