import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireDocumentRow } from "~/.server/documents/store";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/**
 * GET a document's original file, only for its owner (anyone else gets 404). Shown inline under its own name, as the
 * type it was checked to be, never sniffed as something else (SECURITY.md "Documents in chat").
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.documentId) throw new AppError("request/not-found");
  const document = await requireDocumentRow(context.env, viewer.accountId, params.documentId);
  const object = await context.env.MEDIA.get(document.r2Key);
  if (!object) throw new AppError("request/not-found");
  // Text files were checked to be UTF-8 at upload.
  const contentType = document.contentType.startsWith("text/") ? `${document.contentType}; charset=utf-8` : document.contentType;
  return new Response(object.body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(document.name)}`,
      "Content-Length": String(document.bytes),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=3600",
    },
  });
});
