import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { isTrustedDevice, trustedDeviceCookie } from "~/.server/auth/device";
import { confirmPassword } from "~/.server/auth/recent-sign-in";
import { createSession } from "~/.server/auth/session";
import { clientAddress } from "~/.server/auth/throttle";
import { isTwoStepOn, passSecondStep } from "~/.server/auth/two-step";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { linkContext, requireApiUser } from "~/.server/http/auth";
import { checkForm, confirmPasswordSchema } from "~/lib/schemas/auth";

/**
 * POST password (and `code` when two-step sign-in is on): "Confirm it's you" in Settings before a change that could
 * lock the owner out (docs/product.md §8 auth/requires-recent-login; auth/recent-sign-in.ts). A correct password is a
 * sign-in: a new session (new token, signed in now) replaces this one. With two-step sign-in on, only a right code as
 * well (checked like the sign-in's second step) makes the second factor recent and trusts the browser; the password
 * alone still confirms the password's changes, never a new passkey or recovery codes (decision 0028).
 * Answers `{ ok: true }`, or auth/wrong-password, a code's refusal, or auth/too-many-requests with Retry-After.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const { user } = await requireApiUser(request, context);
  const check = checkForm(confirmPasswordSchema, form);
  if (!check.success) throw new AppError("request/invalid");
  const address = clientAddress(request);
  const trustedDevice = await isTrustedDevice(request, context.config, user.email);
  await confirmPassword(context.env, user, { password: check.data.password, address, trustedDevice });
  const twoStepOn = await isTwoStepOn(context.env, user.id);
  const code = check.data.code ?? "";
  if (twoStepOn && code !== "") await passSecondStep(context.env, user, { code, address }, linkContext(request, context));
  const secondFactor = twoStepOn && code !== "";
  const { setCookie } = await createSession(context.env, request, user.id, { secondFactor });
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", setCookie);
  // The trusted-device cookie follows a finished sign-in only: with two-step on, the code too (decision 0028).
  if (!twoStepOn || secondFactor) headers.append("Set-Cookie", await trustedDeviceCookie(request, context.config, user.email));
  return Response.json({ ok: true }, { headers });
});
