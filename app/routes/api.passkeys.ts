import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { clearChallengeCookie, readChallenge } from "~/.server/auth/passkey-challenge";
import { addPasskey, relyingParty } from "~/.server/auth/passkeys";
import { requireSecondFactor } from "~/.server/auth/recent-sign-in";
import { AppError } from "~/.server/errors";
import { linkContext, publicOrigin, requireApiUser } from "~/.server/http/auth";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { checkForm, passkeyResponseSchema } from "~/lib/schemas/auth";

/**
 * POST `response` (the browser's answer to "Add a passkey", JSON): checked against this browser's challenge for this
 * account, the app's origin and RP ID; then `{ ok, passkey }`. Refusals: auth/passkey-failed (400; a wrong origin, a
 * used or expired challenge, a malformed attestation), auth/requires-recent-login or auth/requires-second-factor (401):
 * checked again here, not only when the options were asked for.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const { viewer, user } = await requireApiUser(request, context);
  const check = checkForm(passkeyResponseSchema, form);
  if (!check.success) throw new AppError("auth/passkey-failed");
  await requireSecondFactor(context.env, viewer);
  const challenge = await readChallenge(request, context.config, "register", user.id);
  const passkey = await addPasskey(
    context.env,
    user,
    {
      response: check.data.response as unknown as RegistrationResponseJSON,
      challenge,
      rp: relyingParty(publicOrigin(request, context)),
      userAgent: request.headers.get("User-Agent"),
    },
    linkContext(request, context),
  );
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", clearChallengeCookie(request));
  return Response.json({ ok: true, passkey }, { headers });
});
