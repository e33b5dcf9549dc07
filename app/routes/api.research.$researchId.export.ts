import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { downloadResponse } from "~/.server/http/download";
import { resource } from "~/.server/http/respond";
import { exportResearch } from "~/.server/research/research";
import { researchViewer } from "~/.server/research/viewer";

/** GET `?format=md|pdf`: the report as an attachment. */
export const loader = resource(async ({ request, context, params }: LoaderFunctionArgs) => {
  const viewer = await researchViewer(request, context);
  return downloadResponse(await exportResearch(context.env, viewer.accountId, params.researchId ?? "", new URL(request.url).searchParams.get("format")));
});
