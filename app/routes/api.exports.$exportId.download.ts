import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loginPath } from "~/lib/auth";
import { AppError } from "~/.server/errors";
import { openExport } from "~/.server/exports/requests";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

/**
 * GET the owner's data export as a file, streamed from R2 (decision 0018). Someone else's, a malformed or unknown id:
 * 404; past its 7 days: 410; a visitor opening the e-mailed link in a browser is sent to sign in and brought back here,
 * any other visitor's request is a 401.
 */
export const loader = resource(async ({ request, params, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") {
    const url = new URL(request.url);
    if (request.headers.get("Sec-Fetch-Mode") === "navigate") return redirect(loginPath(url.pathname));
    throw new AppError("export/sign-in-required");
  }
  const { object, filename } = await openExport(context.env, viewer.user.id, params.exportId ?? "");
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(object.size),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
