import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "~/.server/auth/throttle";
import { actingViewer } from "~/.server/chat/viewer";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { transcribeUpload } from "~/.server/voice/transcription";
import { MAX_RECORDING_BYTES } from "~/lib/voice";

/** POST multipart `file` (and the recorder's `seconds`): the recording's words as `{ text, demo }`. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  // The form around the file adds a little to it.
  const form = await readForm(request, { allow: POST_ONLY, maxBytes: MAX_RECORDING_BYTES + 64 * 1024, tooLarge: "voice/too-large" });
  const { viewer, accountId, setCookie } = await actingViewer(request, context);
  const seconds = Number(form.get("seconds"));
  const result = await transcribeUpload(
    context.env,
    context.config,
    { accountId, plan: viewer.plan, address: clientAddress(request) },
    {
      file: form.get("file"),
      seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
    },
    getLocale(request),
  );
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ ok: true, ...result }, { headers });
});
