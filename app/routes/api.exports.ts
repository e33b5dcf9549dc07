import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicOrigin } from "~/.server/http/auth";
import { AppError } from "~/.server/errors";
import { requestExport } from "~/.server/exports/requests";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { startDataExportSchema } from "~/lib/schemas/exports";

/**
 * POST intent=export-data: "Download my data" starts a background export (decision 0018). 202 with
 * `{ ok: true, export }`; a visitor gets 401, a second one while one runs 409, a fourth in 24 hours 429 with Retry-After.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("export/sign-in-required");
  if (!startDataExportSchema.safeParse(Object.fromEntries(form)).success) throw new AppError("request/invalid");
  const view = await requestExport(context.env, viewer.user.id, publicOrigin(request, context));
  return Response.json({ ok: true, export: view }, { status: 202, headers: { "Cache-Control": "no-store" } });
});
