import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { resource } from "~/.server/http/respond";
import { researchOf } from "~/.server/research/research";
import { researchViewer } from "~/.server/research/viewer";

/** GET a research's progress (polled by the page while it runs): `{ ok: true, research }`; another account's id is a 404. */
export const loader = resource(async ({ request, context, params }: LoaderFunctionArgs) => {
  const viewer = await researchViewer(request, context);
  const research = await researchOf(context.env, viewer.accountId, params.researchId ?? "");
  return Response.json({ ok: true, research }, { headers: { "Cache-Control": "no-store" } });
});
