import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { privateFileHeaders } from "~/.server/http/media";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { downloadName, readGalleryMedia } from "~/.server/images/gallery";

/** RFC 5987 value: encodeURIComponent leaves ' ( ) * as they are, which that grammar does not allow. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * GET a gallery picture, only for its owner (anyone else, signed in or not, gets 404). `?download=1` asks the
 * browser to save it under a name made here from the tool, the description and the date.
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user" || !params.imageId) throw new AppError("request/not-found");
  const { image, body } = await readGalleryMedia(context.env, viewer.accountId, params.imageId);
  const headers = new Headers({
    ...privateFileHeaders(image.contentType, image.bytes),
    // SVGs are drawn by us with escaped text; this makes sure nothing in a picture could ever run or load.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  });
  if (new URL(request.url).searchParams.get("download") === "1") {
    const name = downloadName(image);
    headers.set("Content-Disposition", `attachment; filename="${name.ascii}"; filename*=UTF-8''${rfc5987(name.utf8)}`);
  } else {
    headers.set("Content-Disposition", "inline");
  }
  return new Response(body, { headers });
});
