import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readJson } from "~/.server/http/request";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { proposePlan, researchAllowance } from "~/.server/research/research";
import { researchViewer } from "~/.server/research/viewer";
import { researchPlanRequestSchema } from "~/lib/schemas/research";

/** POST `{ question }`: the proposed plan (3 to 8 items, in the page's language) and what a research costs now. */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await researchViewer(request, context);
  const parsed = researchPlanRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("search"), under: "research" });
  const [plan, allowance] = await Promise.all([proposePlan(context.env, parsed.data.question, getLocale(request)), researchAllowance(context.env, viewer)]);
  return Response.json({ ok: true, plan, allowance }, { headers: { "Cache-Control": "no-store" } });
});
