import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readProfilePhoto } from "~/.server/auth/avatar";
import { AppError } from "~/.server/errors";
import { privateFileHeaders } from "~/.server/http/media";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/** A profile photo, only to its owner (the key in R2 is never exposed; anyone else gets a 404). */
export const loader = resource(async ({ request, context, params }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  const owner = viewer.kind === "user" ? { userId: viewer.user.id, profilePhotoKey: viewer.profilePhotoKey } : null;
  const object = await readProfilePhoto(context.env, owner, params.userId ?? "");
  if (!object) throw new AppError("request/not-found");
  const contentType = object.httpMetadata?.contentType === "image/png" ? "image/png" : "image/jpeg";
  return new Response(object.body, {
    headers: {
      // The URL changes with every new photo (?v=...), so the browser may keep this one; shared caches may not.
      ...privateFileHeaders(contentType, object.size),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
      ETag: object.httpEtag,
    },
  });
});
