import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { readSharedCitedPage } from "~/.server/share/public";

/**
 * GET a page a shared answer cites (`?name=<file>` when the citation names one): `{ ok, document: { name, pages }, page }`
 * for anyone holding the link, only for what the snapshot cites (share/public.ts); 404 otherwise.
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const number = Number(params.page);
  const name = new URL(request.url).searchParams.get("name");
  if (!/^\d{1,4}$/.test(params.page ?? "") || number < 1 || (name !== null && (name.length === 0 || name.length > 300))) throw new AppError("share/not-found");
  const found = await readSharedCitedPage(context.env, params.shareId ?? "", name, number);
  // The link can be revoked at any moment: never kept by a shared cache.
  return Response.json({ ok: true, ...found }, { headers: { "Cache-Control": "private, no-cache" } });
});
