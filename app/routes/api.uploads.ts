import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { actingViewer } from "~/.server/chat/viewer";
import { AppError, errorResponse, isAppError } from "~/.server/errors";
import { i18nServer } from "~/.server/i18n";
import { storeUpload } from "~/.server/images/uploads";
import { MAX_UPLOAD_BYTES } from "~/.server/images/validate";

/** POST multipart `file`: a JPEG or PNG image (checked by content) for chat attachments and the tools. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const length = Number(request.headers.get("Content-Length") ?? "0");
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) throw new AppError("upload/too-large");
    const form = await request.formData().catch(() => null);
    if (!form) throw new AppError("upload/empty");
    const { accountId, setCookie } = await actingViewer(request, context);
    const stored = await storeUpload(context.env, accountId, form.get("file") as File | null);
    const headers = new Headers();
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return Response.json(stored, { status: 201, headers });
  } catch (error) {
    // A refused file gets its reason in the person's language too (for clients that do not translate codes).
    if (isAppError(error)) {
      const t = await i18nServer.getFixedT(request, "errors");
      return Response.json({ error: { code: error.code, message: t(error.code) } }, { status: error.status });
    }
    return errorResponse(error);
  }
}
