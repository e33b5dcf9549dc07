import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { newChallenge } from "~/.server/auth/passkey-challenge";
import { registrationOptions, relyingParty, signInOptions } from "~/.server/auth/passkeys";
import { requireSecondFactor } from "~/.server/auth/recent-sign-in";
import { AppError } from "~/.server/errors";
import { publicOrigin, requireApiUser } from "~/.server/http/auth";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { checkForm, passkeyOptionsSchema } from "~/lib/schemas/auth";

/**
 * POST `purpose`: the options for one passkey ceremony (decision 0028), `{ ok, options }`, and the signed cookie that
 * holds its challenge. `sign-in` names no account (anyone may ask; nothing is stored); `register` is "Add a passkey"
 * and, like every change to how the account signs in, needs a sign-in from the last 10 minutes; with two-step sign-in
 * on, the second factor proven in them too (auth/requires-second-factor).
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const check = checkForm(passkeyOptionsSchema, form);
  if (!check.success) throw new AppError("request/invalid");
  const rp = relyingParty(publicOrigin(request, context));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (check.data.purpose === "sign-in") {
    const { challenge, setCookie } = await newChallenge(request, context.config, "sign-in");
    headers.append("Set-Cookie", setCookie);
    return Response.json({ ok: true, options: await signInOptions(rp, challenge) }, { headers });
  }
  const { viewer, user } = await requireApiUser(request, context);
  await requireSecondFactor(context.env, viewer);
  const { challenge, setCookie } = await newChallenge(request, context.config, "register", user.id);
  headers.append("Set-Cookie", setCookie);
  return Response.json({ ok: true, options: await registrationOptions(context.env, user, rp, challenge) }, { headers });
});
