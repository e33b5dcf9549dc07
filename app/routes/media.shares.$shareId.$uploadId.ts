import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { readSharedImage } from "~/.server/share/public";

/**
 * GET an image of a shared conversation: readable by anyone holding the link, but only the images its snapshot shows
 * (any other upload, or a revoked link, is a 404). Cached briefly, so a revoked link's images stop soon after.
 */
export const loader = resource(async ({ params, context }: LoaderFunctionArgs) => {
  if (!params.shareId || !params.uploadId) throw new AppError("share/not-found");
  const { upload, body } = await readSharedImage(context.env, params.shareId, params.uploadId);
  return new Response(body, {
    headers: {
      "Content-Type": upload.contentType,
      "Cache-Control": "private, max-age=300",
      "Content-Length": String(upload.bytes),
      "X-Robots-Tag": "noindex",
    },
  });
});
