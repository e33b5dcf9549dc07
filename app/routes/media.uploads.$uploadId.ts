import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { privateFileHeaders } from "~/.server/http/media";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { readUpload } from "~/.server/images/uploads";

/** GET an uploaded image; only its owner may see it (anyone else gets 404). */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (!viewer.accountId || !params.uploadId) throw new AppError("request/not-found");
  const { upload, body } = await readUpload(context.env, viewer.accountId, params.uploadId);
  return new Response(body, { headers: privateFileHeaders(upload.contentType, upload.bytes) });
});
