import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { actingViewer } from "~/.server/chat/viewer";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { apiError } from "~/.server/http/respond";
import { storeUpload } from "~/.server/images/uploads";
import { MAX_UPLOAD_BYTES } from "~/.server/images/validate";

/** POST multipart `file`: a JPEG or PNG image (checked by content) for chat attachments and the tools. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    // The form around the file adds a little to it.
    const form = await readForm(request, { allow: POST_ONLY, maxBytes: MAX_UPLOAD_BYTES + 64 * 1024, tooLarge: "upload/too-large" });
    const { accountId, setCookie } = await actingViewer(request, context);
    const stored = await storeUpload(context.env, accountId, form.get("file") as File | null);
    const headers = new Headers();
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return Response.json(stored, { status: 201, headers });
  } catch (error) {
    // A refused file gets its reason in the person's language too (for clients that do not translate codes).
    return apiError(request, error);
  }
}
