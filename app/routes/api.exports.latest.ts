import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { latestExport } from "~/.server/exports/requests";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** GET: the account's latest data export, polled by Settings › Account while it is prepared: `{ ok: true, export }`. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("export/sign-in-required");
  return Response.json({ ok: true, export: await latestExport(context.env, viewer.user.id) }, { headers: { "Cache-Control": "no-store" } });
});
