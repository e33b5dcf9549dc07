import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptBrowserEvent, recordEvent } from "~/.server/analytics";
import { AppError, errorResponse } from "~/.server/errors";
import { i18nServer } from "~/.server/i18n";
import { readGuestId } from "~/.server/identity";

/**
 * POST an analytics event of the catalogue (SPEC §2 page_view). Answers 204 at once and stores it in the background;
 * an event that is too large, too frequent, unknown or malformed gets a 4xx and is never stored.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") throw new AppError("request/not-found");
    const event = await acceptBrowserEvent(context.env, request);
    const guestId = await readGuestId(request, context.config);
    context.ctx.waitUntil(
      recordEvent(context.env, event, { guestId }).catch((error: unknown) => console.error("analytics: write failed", error)),
    );
    return new Response(null, { status: 204 });
  } catch (error) {
    const t = await i18nServer.getFixedT(request, "errors");
    return errorResponse(error, { message: (code) => t(code) });
  }
}
