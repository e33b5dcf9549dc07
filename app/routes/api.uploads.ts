import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "~/.server/auth/throttle";
import { actingViewer } from "~/.server/chat/viewer";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { storeGuestUpload, storeUpload, withUploadAllowance } from "~/.server/images/uploads";
import { MAX_UPLOAD_BYTES } from "~/.server/images/validate";

/**
 * POST multipart `file`: a JPEG or PNG image (checked by content) for chat attachments and the tools. A refused file
 * gets its reason in the person's language; a daily cap also says when uploads open again.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  // The form around the file adds a little to it.
  const form = await readForm(request, { allow: POST_ONLY, maxBytes: MAX_UPLOAD_BYTES + 64 * 1024, tooLarge: "upload/too-large" });
  const { viewer, accountId, setCookie } = await actingViewer(request, context);
  const file = form.get("file") as File | null;
  // Visitors are capped per address and day; accounts per day and by their plan's storage quota (decision 0013).
  const stored =
    viewer.kind === "guest"
      ? await storeGuestUpload(context.env, accountId, clientAddress(request), context.config.uploads.guestDaily, file)
      : await withUploadAllowance(context.env, { accountId, plan: viewer.plan }, file?.size ?? 0, () => storeUpload(context.env, accountId, file));
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ ok: true, ...stored }, { status: 201, headers });
});
