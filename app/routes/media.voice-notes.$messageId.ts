import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { privateFileHeaders } from "~/.server/http/media";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { readVoiceNote } from "~/.server/voice/kept-voice-notes";

/** GET a WhatsApp voice note kept in a thread; only its owner may play it (anyone else gets 404). */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.messageId) throw new AppError("request/not-found");
  const { note, body } = await readVoiceNote(context.env, viewer.accountId, params.messageId);
  return new Response(body, { headers: privateFileHeaders(note.contentType, note.bytes) });
});
