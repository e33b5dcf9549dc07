import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isSupportedCountry } from "libphonenumber-js/max";
import { AppError } from "~/.server/errors";
import { readForm, readJson, textFields } from "~/.server/http/request";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { createLinkCode, disconnectWhatsApp, whatsappStatus } from "~/.server/whatsapp/link-codes";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { whatsappLinkSchema } from "~/lib/schemas/whatsapp";

/** The methods the action takes (the worker refuses any other with a 405 before it gets here). */
export const actionMethods = ["POST", "DELETE"];
const ALLOW = ["GET", "HEAD", ...actionMethods];
/** A form of a few short fields; anything larger is not one. */
const MAX_BODY_BYTES = 4096;

/** Cloudflare's idea of where the request comes from preselects the dialog's country (only a code the list has). */
function requestCountry(request: Request): string | null {
  const country = (request as Request & { cf?: { country?: unknown } }).cf?.country;
  return typeof country === "string" && isSupportedCountry(country) ? country : null;
}

/** The body as plain fields: JSON (an object) or form data, read by the one capped reader (400 when neither, 413 when larger). */
async function readFields(request: Request): Promise<Record<string, unknown> | null> {
  const options = { allow: actionMethods, maxBytes: MAX_BODY_BYTES };
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    const body = await readJson(request, options);
    return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  }
  const form = await readForm(request, options);
  return textFields(form);
}

/** GET the WhatsApp dialog's status: { ok, configured, signedIn, plan, country, link }. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const viewer = await getViewer(request, context);
  const status = await whatsappStatus(context.env, context.config, viewer);
  return Response.json(
    {
      ok: true,
      configured: status.configured,
      voiceRepliesOffered: status.voiceRepliesOffered,
      signedIn: viewer.kind === "user",
      plan: status.plan,
      country: requestCountry(request),
      link: status.link,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

/**
 * POST { country, phone, model? } (JSON or form data): a one-time code and its wa.me link, { ok, code, url, expiresAt }.
 * DELETE: disconnects the linked number, { ok }. Both need a signed-in user.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") throw new AppError("request/method-not-allowed", { allow: ALLOW });
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  if (request.method === "DELETE") {
    await disconnectWhatsApp(context.env, viewer.user.id);
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  }
  const fields = await readFields(request);
  if (!fields) throw new AppError("request/invalid");
  const parsed = whatsappLinkSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("whatsapp"), under: "dialog" });
  const { phone, model } = parsed.data;
  const result = await createLinkCode(context.env, context.config, viewer.user.id, { phoneDigits: phone, model }, getLocale(request));
  return Response.json({ ok: true, ...result }, { status: 201, headers: { "Cache-Control": "no-store" } });
});
