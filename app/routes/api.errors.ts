import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { readJson } from "~/.server/http/request";
import { apiError } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { reportClientError } from "~/.server/reporting";
import { clientErrorSchema } from "~/lib/schemas/client-error";

/** POST a browser error (from app/lib/error-reporter.ts); forwarded in the background. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const parsed = clientErrorSchema.safeParse(await readJson(request, { maxBytes: 16_384 }));
    if (!parsed.success) throw new AppError("request/invalid");
    const viewer = await getViewer(request, context).catch(() => null);
    const userId = viewer?.kind === "user" ? viewer.user.id : null;
    reportClientError(context, request, parsed.data, userId);
    return new Response(null, { status: 204 });
  } catch (error) {
    return apiError(request, error);
  }
}
