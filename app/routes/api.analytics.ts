import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { acceptBrowserEvent, recordEvent } from "~/.server/analytics";
import { POST_ONLY, requireMethod } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer, readGuestId } from "~/.server/identity";

/**
 * POST an analytics event of the catalogue (docs/product.md §2 page_view). Answers 204 at once and stores it in the background;
 * an event that is too large, too frequent, unknown or malformed gets a 4xx and is never stored.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  requireMethod(request, POST_ONLY);
  const event = await acceptBrowserEvent(context.env, request);
  // Who sent it comes from the request's own cookies, never from the event: a signed-in page view carries the user.
  const viewer = await getViewer(request, context);
  const who = viewer.kind === "user" ? { userId: viewer.user.id } : { guestId: await readGuestId(request, context.config) };
  context.ctx.waitUntil(recordEvent(context.env, event, who).catch((error: unknown) => console.error("analytics: write failed", error)));
  return new Response(null, { status: 204 });
});
