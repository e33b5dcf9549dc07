import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { checkPasswordForResend, resendVerificationEmail, signInWithPassword } from "~/.server/auth/accounts";
import { isTrustedDevice } from "~/.server/auth/device";
import { pageAction, invalid, linkContext, publicOrigin, retryAfterHeaders, signedInRedirect } from "~/.server/http/auth";
import { clearChallengeCookie, readChallenge } from "~/.server/auth/passkey-challenge";
import { relyingParty, signInWithPasskey } from "~/.server/auth/passkeys";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError, errorStatus, type ErrorCode } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { FormAlert, AuthScreen } from "~/components/auth/fields";
import { SignInForm } from "~/components/auth/forms";
import { safeRedirectPath } from "~/lib/auth";
import { titleMeta } from "~/lib/meta";
import { checkForm, passkeyResponseSchema, signInSchema } from "~/lib/schemas/auth";

const NOTICES = ["verified", "password-reset", "account-deleted"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const viewer = await getViewer(request, context);
  if (viewer.kind === "user") throw redirect(redirectTo);
  const error = url.searchParams.get("error");
  const notice = url.searchParams.get("notice");
  return {
    title: await pageTitle(request, "auth", "login.title"),
    redirectTo,
    // Only known codes from our own redirects (OAuth callback) are shown; anything else in the URL is ignored.
    error: error && error in errorStatus ? (error as ErrorCode) : null,
    notice: (NOTICES as readonly string[]).includes(notice ?? "") ? (notice as (typeof NOTICES)[number]) : null,
  };
}

export const meta = titleMeta;
export const headers = retryAfterHeaders;

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  if (form.get("intent") === "passkey") return await passkeySignIn(request, context, form);
  const check = checkForm(signInSchema, form);
  if (!check.success) return invalid(request, check.fieldErrors);
  const address = clientAddress(request);
  const trustedDevice = await isTrustedDevice(request, context.config, check.data.email);
  if (form.get("intent") === "resend-verification") {
    // Only someone who knows the password learns the account is unverified, and only they can ask again.
    const user = await checkPasswordForResend(context.env, { ...check.data, address, trustedDevice });
    await resendVerificationEmail(context.env, user, { ...linkContext(request, context), address });
    return data({ ok: true as const, notice: "activationSent" as const });
  }
  const user = await signInWithPassword(context.env, { ...check.data, address, trustedDevice, locale: getLocale(request) });
  // This browser knew the password: guesses from elsewhere will not slow its next sign-ins (decision 0012), once the
  // sign-in is finished (after the second step, when two-step sign-in is on: decision 0028).
  return await signedInRedirect(request, context, user, { redirectTo: form.get("redirectTo"), trustDevice: true });
}, "auth/unknown");

/** "Sign in with a passkey" (or a passkey picked from the e-mail field's autofill): both steps at once (decision 0028). */
async function passkeySignIn(request: Request, context: ActionFunctionArgs["context"], form: FormData) {
  const check = checkForm(passkeyResponseSchema, form);
  if (!check.success) throw new AppError("auth/passkey-failed");
  const challenge = await readChallenge(request, context.config, "sign-in");
  const rp = relyingParty(publicOrigin(request, context));
  const user = await signInWithPasskey(context.env, { response: check.data.response as unknown as AuthenticationResponseJSON, challenge, rp });
  const headers = { "Set-Cookie": clearChallengeCookie(request) };
  return signedInRedirect(request, context, user, { redirectTo: form.get("redirectTo"), headers, secondStepDone: true });
}

export default function Screen() {
  const { t } = useTranslation("auth");
  const { redirectTo, error, notice } = useLoaderData<typeof loader>();

  // Notices from redirects (verified email, new password, deleted account, a failed Google/Apple round trip).
  useEffect(() => {
    if (notice) notify("success", t(`login.notices.${notice}`));
    if (error) notify("error", t(`errors:${error}`));
  }, [notice, error, t]);

  return (
    <AuthScreen copy="login">
      {notice && <FormAlert tone="success">{t(`login.notices.${notice}`)}</FormAlert>}
      <SignInForm redirectTo={redirectTo} initialError={error} />
    </AuthScreen>
  );
}
