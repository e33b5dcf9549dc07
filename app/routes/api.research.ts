import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { publicOrigin } from "~/.server/http/auth";
import { readJson } from "~/.server/http/request";
import { apiError, resource } from "~/.server/http/respond";
import { fieldMessages, getLocale, serverNamespace } from "~/.server/i18n";
import { startResearch } from "~/.server/research/research";
import { researchViewer } from "~/.server/research/viewer";
import { researchFieldErrors, researchStartSchema } from "~/lib/schemas/research";

/**
 * POST `{ question, plan }` (decision 0043): 201 with the research, running in the account's
 * object. No items, over 12, an empty item or one over 300 characters: field errors ("plan", "plan.<n>"); the plan's
 * allowance used: 429 with the wait.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const viewer = await researchViewer(request, context);
  const parsed = researchStartSchema.safeParse(await readJson(request));
  const locale = getLocale(request);
  if (!parsed.success) {
    const fieldErrors = fieldMessages(locale, researchFieldErrors(parsed.error), { tables: serverNamespace("search"), under: "research" });
    return apiError(request, new AppError("request/invalid"), { fieldErrors });
  }
  const research = await startResearch(context.env, viewer, { ...parsed.data, language: locale, origin: publicOrigin(request, context) });
  return Response.json({ ok: true, research }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
