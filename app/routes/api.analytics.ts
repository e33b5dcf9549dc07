import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { recordEvent } from "~/.server/analytics";
import { AppError, errorResponse } from "~/.server/errors";
import { readGuestId } from "~/.server/identity";
import { analyticsEventSchema } from "~/lib/schemas/analytics";

/** POST an analytics event (SPEC §2 page_view). Answers at once; the write finishes in the background. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return errorResponse(new AppError("request/not-found"));
  const parsed = analyticsEventSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return errorResponse(new AppError("request/invalid"));
  const guestId = await readGuestId(request, context.config);
  context.ctx.waitUntil(
    recordEvent(context.env, parsed.data, { guestId }).catch((error: unknown) => console.error("analytics: write failed", error)),
  );
  return new Response(null, { status: 204 });
}
