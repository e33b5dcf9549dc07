import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isTrustedDevice, trustedDeviceCookie } from "~/.server/auth/device";
import { confirmPassword } from "~/.server/auth/recent-sign-in";
import { createSession } from "~/.server/auth/session";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { requireApiUser } from "~/.server/http/auth";
import { checkForm, confirmPasswordSchema } from "~/lib/schemas/auth";

/**
 * POST password: "Confirm it's you" in Settings before a change that could lock the owner out (docs/product.md §8
 * auth/requires-recent-login; auth/recent-sign-in.ts). A correct password is a sign-in: a new session (new token,
 * signed in now) replaces this one and the browser is trusted for the account, as after the sign-in form.
 * Answers `{ ok: true }`, or auth/wrong-password, or auth/too-many-requests with Retry-After (sign-in's windows).
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const { user } = await requireApiUser(request, context);
  const check = checkForm(confirmPasswordSchema, form);
  if (!check.success) throw new AppError("request/invalid");
  const trustedDevice = await isTrustedDevice(request, context.config, user.email);
  await confirmPassword(context.env, user, { password: check.data.password, address: clientAddress(request), trustedDevice });
  const { setCookie } = await createSession(context.env, request, user.id);
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await trustedDeviceCookie(request, context.config, user.email));
  return Response.json({ ok: true }, { headers });
});
