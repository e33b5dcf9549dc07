import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { searchPlaces } from "~/.server/horoscope/places";
import { resource } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";

/**
 * GET /api/places?q=ist: at most 10 birth places from the offline city list, most populous first, labelled in the
 * page's language. Any query is safe: an empty or unmatched one finds nothing.
 */
export const loader = resource(async ({ request }: LoaderFunctionArgs) => {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const places = searchPlaces(query, getLocale(request));
  return Response.json({ ok: true, places }, { headers: { "Cache-Control": "private, max-age=3600" } });
});
