import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { clientAddress } from "~/.server/auth/throttle";
import { actingViewer } from "~/.server/chat/viewer";
import { MAX_DOCUMENT_BYTES } from "~/.server/documents/check";
import { storeDocument, uploadedDocument } from "~/.server/documents/store";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { storeGuestUpload, storeUpload, withUploadAllowance } from "~/.server/images/uploads";

/**
 * POST multipart `file`: a JPEG or PNG image (checked by content) for chat attachments and the tools, or a PDF, DOCX,
 * TXT or Markdown document for chat (decision 0031), answered with its `kind`. A refused file gets its reason in the
 * person's language; a daily cap also says when uploads open again. A form with `accept=image` (the image tools'
 * photo fields) takes images only: a document there is `upload/invalid-type`, as before documents existed.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  // The form around the file adds a little to it; documents may be larger than images (each type checks its own limit).
  const form = await readForm(request, { allow: POST_ONLY, maxBytes: MAX_DOCUMENT_BYTES + 64 * 1024, tooLarge: "upload/too-large" });
  const { viewer, accountId, setCookie } = await actingViewer(request, context);
  const file = form.get("file") as File | null;
  const imagesOnly = form.get("accept") === "image";
  // An account's upload is recorded only within `quotaBytes`, decided inside its object (decision 0013); a visitor's has none.
  const store = async (quotaBytes?: number) => {
    const document = imagesOnly ? null : await uploadedDocument(file);
    if (document && file) return storeDocument(context.env, accountId, file, document, quotaBytes);
    return { kind: "image" as const, ...(await storeUpload(context.env, accountId, file, undefined, quotaBytes)) };
  };
  // Visitors are capped per address and day; accounts per day and by their plan's storage quota (decision 0013).
  const stored =
    viewer.kind === "guest"
      ? await storeGuestUpload(context.env, accountId, clientAddress(request), context.config.uploads.guestDaily, file, undefined, store)
      : await withUploadAllowance(context.env, { accountId, plan: viewer.plan }, file?.size ?? 0, store);
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return Response.json({ ok: true, ...stored }, { status: 201, headers });
});
