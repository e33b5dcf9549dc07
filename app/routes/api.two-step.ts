import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireRecentSignIn, requireSecondFactor } from "~/.server/auth/recent-sign-in";
import { markSecondFactor } from "~/.server/auth/session";
import { clientAddress } from "~/.server/auth/throttle";
import { beginTwoStepSetup, confirmTwoStepSetup, disableTwoStep, renewRecoveryCodes } from "~/.server/auth/two-step";
import { AppError } from "~/.server/errors";
import { linkContext, requireApiUser } from "~/.server/http/auth";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { checkForm, twoStepCodeSchema } from "~/lib/schemas/auth";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Settings › Login Connection › Two-step sign-in (decision 0028), POST `intent`:
 * - `setup`: a new key, `{ ok, keyUri, manualKey }` (shown this once);
 * - `enable` with `code`: the first code from the app turns it on, `{ ok, recoveryCodes }` (shown this once);
 * - `disable` with `code`: a current code (or a recovery code) turns it off;
 * - `renew-codes`: ten new recovery codes, `{ ok, recoveryCodes }`, only with the second factor proven in the last 10
 *   minutes (auth/requires-second-factor otherwise: a password alone renews nothing, decision 0028).
 * Each needs a sign-in from the last 10 minutes; codes are throttled like passwords (429 with Retry-After).
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const { viewer, user } = await requireApiUser(request, context);
  const intent = form.get("intent");
  if (intent !== "setup" && intent !== "enable" && intent !== "disable" && intent !== "renew-codes") throw new AppError("request/invalid");
  const code = intent === "enable" || intent === "disable" ? checkForm(twoStepCodeSchema, form) : null;
  if (code && !code.success) throw new AppError("auth/missing-verification-code");
  requireRecentSignIn(viewer);
  const link = linkContext(request, context);
  if (intent === "setup") return Response.json({ ok: true, ...(await beginTwoStepSetup(context.env, user)) }, { headers: NO_STORE });
  if (intent === "renew-codes") {
    await requireSecondFactor(context.env, viewer);
    return Response.json({ ok: true, ...(await renewRecoveryCodes(context.env, user, link)) }, { headers: NO_STORE });
  }
  const attempt = { code: code!.success ? code!.data.code : "", address: clientAddress(request) };
  if (intent === "enable") {
    const enabled = await confirmTwoStepSetup(context.env, user, attempt, link);
    // The app's first code was just proven in this session: it may renew codes or add a passkey for 10 minutes.
    await markSecondFactor(context.env, { userId: viewer.user.id, sessionId: viewer.sessionId });
    return Response.json({ ok: true, ...enabled }, { headers: NO_STORE });
  }
  await disableTwoStep(context.env, user, attempt, link);
  return Response.json({ ok: true }, { headers: NO_STORE });
});
