import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { saveChartToGallery } from "~/.server/horoscope/chart-gallery";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";

/**
 * POST (an empty form): save the signed-in user's birth chart in their gallery, drawn on the server from their stored
 * birth data. 201 { ok: true, image: { id, url } }; visitors get 401 (sign in), no birth data 409.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  await readForm(request, { allow: POST_ONLY });
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError(viewer.authError ?? "auth/sign-in-required");
  const image = await saveChartToGallery(context.env, viewer.user.id, getLocale(request));
  return Response.json({ ok: true, image }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
