import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { actingViewer } from "~/.server/chat/viewer";
import { AppError, errorResponse, isAppError } from "~/.server/errors";
import { clientAddress } from "~/.server/auth/throttle";
import { getLocale, i18nServer } from "~/.server/i18n";
import { storeGuestUpload, storeUpload } from "~/.server/images/uploads";
import { MAX_UPLOAD_BYTES } from "~/.server/images/validate";
import { errorText } from "~/lib/error-text";

/** POST multipart `file`: a JPEG or PNG image (checked by content) for chat attachments and the tools. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const length = Number(request.headers.get("Content-Length") ?? "0");
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) throw new AppError("upload/too-large");
    const form = await request.formData().catch(() => null);
    if (!form) throw new AppError("upload/empty");
    const { viewer, accountId, setCookie } = await actingViewer(request, context);
    const file = form.get("file") as File | null;
    // Visitors are capped per address and day (decision 0013); accounts, which sign-up already limits, are not.
    const stored =
      viewer.kind === "guest"
        ? await storeGuestUpload(context.env, accountId, clientAddress(request), context.config.uploads.guestDaily, file)
        : await storeUpload(context.env, accountId, file);
    const headers = new Headers();
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return Response.json(stored, { status: 201, headers });
  } catch (error) {
    // A refused file gets its reason in the person's language too (for clients that do not translate codes).
    if (isAppError(error)) {
      const t = await i18nServer.getFixedT(request, "errors");
      const retryAfter = error.details?.retryAfterSeconds;
      const message = errorText(t, getLocale(request), error.code, retryAfter);
      return Response.json({ error: { code: error.code, message } }, { status: error.status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined });
    }
    return errorResponse(error);
  }
}
