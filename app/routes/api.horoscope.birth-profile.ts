import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { actingViewer } from "~/.server/chat/viewer";
import { saveBirthProfile } from "~/.server/horoscope/birth-profile";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { horoscopeStrings } from "~/.server/horoscope/words";
import { resource, invalidForm } from "~/.server/http/respond";
import { birthProfileSchema } from "~/lib/schemas/horoscope";

/**
 * POST the birth data (birthDate, birthTime, placeId) once: stored for the account, or for a visitor under their
 * guest id (made now if they have none), and prefilled on every horoscope form that needs it. 200 { ok: true };
 * a bad field is a 400 with its message, an unknown place a 400 "horoscope/place-unknown", and nothing is stored.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const parsed = birthProfileSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: horoscopeStrings });
  const acting = await actingViewer(request, context);
  await saveBirthProfile(context.env, acting.accountId, parsed.data);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (acting.setCookie) headers.append("Set-Cookie", acting.setCookie);
  return Response.json({ ok: true }, { headers });
});
