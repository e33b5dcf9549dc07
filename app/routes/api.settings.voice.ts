import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readSignedInForm } from "~/.server/http/auth";
import { resource, invalidForm, serverNamespace } from "~/.server/http/respond";
import { setAccountVoice } from "~/.server/voice/preference";
import { voiceSettingSchema } from "~/lib/schemas/voice";

/** POST form `voice`: the account's voice for read-aloud and WhatsApp voice replies (decision 0025), `{ ok, voice }`. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const { form, viewer } = await readSignedInForm(request, context);
  const parsed = voiceSettingSchema.safeParse(Object.fromEntries(form));
  // A voice not on offer: 400 with settings:voice.validation.unknown under the field, in the person's language.
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("settings"), under: "voice" });
  await setAccountVoice(context.env, viewer.user.id, parsed.data.voice);
  return Response.json({ ok: true, voice: parsed.data.voice }, { headers: { "Cache-Control": "no-store" } });
});
