import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { POST_ONLY, requireMethod } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { cancelResearchOf } from "~/.server/research/research";
import { researchViewer } from "~/.server/research/viewer";

/** POST: stops a running research; it ends with the sections it has, charged only the steps done. */
export const action = resource(async ({ request, context, params }: ActionFunctionArgs) => {
  requireMethod(request, POST_ONLY);
  const viewer = await researchViewer(request, context);
  const research = await cancelResearchOf(context.env, viewer.accountId, params.researchId ?? "");
  return Response.json({ ok: true, research }, { headers: { "Cache-Control": "no-store" } });
});
