import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkResetToken, resetPassword } from "~/.server/auth/accounts";
import { trustedDeviceCookie } from "~/.server/auth/device";
import { linkContext, pageAction, invalid } from "~/.server/http/auth";
import { mailPasskeysNotice } from "~/.server/auth/passkey-removal";
import { isTwoStepOn } from "~/.server/auth/two-step";
import { clientAddress } from "~/.server/auth/throttle";
import { clearCookie, readResetToken, resetTokenCookie, RESET_TOKEN_COOKIE } from "~/.server/auth/pending";
import { clearSessionCookie } from "~/.server/auth/session";
import { AppError, isAppError, type ErrorCode } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { pageTitle } from "~/.server/page";
import { FormAlert, PasswordField, SubmitButton, AuthScreen } from "~/components/auth/fields";
import { newPasswordForm, useAuthWords } from "~/components/auth/account-forms";
import { alertCode, type AuthActionData } from "~/components/auth/forms";
import { useForm } from "~/lib/use-form";
import { titleMeta } from "~/lib/meta";
import { checkForm, newPasswordSchema } from "~/lib/schemas/auth";

// The page holds a secret link: it must never leak through a Referer header to anything it loads or links to.
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export const meta: MetaFunction<typeof loader> = (args) => [...titleMeta(args), { name: "referrer", content: "no-referrer" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const fromLink = new URL(request.url).searchParams.get("token");
  const title = await pageTitle(request, "auth", "resetPassword.title");
  let problem: ErrorCode | null = null;
  try {
    if (fromLink) {
      // Move a live token out of the address bar (history, screenshots, Referer) into an HttpOnly cookie for this
      // step. resetTokenCookie checks it first: a dead one shows the invalid-link outcome and nothing is signed.
      const setCookie = await resetTokenCookie(request, context, fromLink);
      throw redirect("/auth/reset-password", { headers: { "Set-Cookie": setCookie, "Referrer-Policy": "no-referrer" } });
    }
    const token = await readResetToken(request, context.config);
    if (!token) throw new AppError("auth/invalid-action-code");
    await checkResetToken(context.env, token);
  } catch (error) {
    if (!isAppError(error)) throw error;
    problem = error.code;
  }
  return { title, problem };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const check = checkForm(newPasswordSchema, await readForm(request));
  if (!check.success) return invalid(request, check.fieldErrors);
  const token = await readResetToken(request, context.config);
  if (!token) throw new AppError("auth/invalid-action-code");
  const user = await resetPassword(context.env, { token, password: check.data.password, address: clientAddress(request) });
  // A passkey outlives the old password: the account is told which ones can still sign in, with a link to remove them.
  await mailPasskeysNotice(context.env, user, "password-changed", linkContext(request, context));
  // Every session ended with the old password, this browser's too: sign in again with the new one. It proved the
  // mailbox, so its next sign-in is not slowed by anyone's guesses (decision 0012); with two-step sign-in on, only once
  // its second step is done too (decision 0028).
  const headers = new Headers();
  if (!(await isTwoStepOn(context.env, user.id))) headers.append("Set-Cookie", await trustedDeviceCookie(request, context.config, user.email));
  headers.append("Set-Cookie", clearCookie(request, RESET_TOKEN_COOKIE));
  headers.append("Set-Cookie", clearSessionCookie(request));
  return redirect("/auth/login?notice=password-reset", { headers });
}, "auth/unknown");

export default function Screen() {
  const { t } = useTranslation("auth");
  const { problem } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<AuthActionData>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { errors, formProps } = useForm({ schema: newPasswordForm, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
  const refused = failed?.error.code;
  const linkProblem = problem ?? (refused === "auth/expired-action-code" || refused === "auth/invalid-action-code" ? refused : null);

  if (linkProblem) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t("resetPassword.invalidTitle")}</h1>
        <FormAlert code={linkProblem} />
        <Link to="/auth/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("resetPassword.requestNew")}
        </Link>
      </div>
    );
  }
  return (
    <AuthScreen copy="resetPassword">
      <fetcher.Form method="post" className="flex flex-col gap-4" {...formProps}>
        <FormAlert code={alertCode(failed)} />
        <PasswordField name="password" autoComplete="new-password" label={t("fields.newPassword")} hint={t("fields.passwordHint")} error={errors.password} />
        <PasswordField name="confirmPassword" autoComplete="new-password" label={t("fields.confirmPassword")} error={errors.confirmPassword} />
        <SubmitButton busy={fetcher.state !== "idle"}>{t("resetPassword.submit")}</SubmitButton>
      </fetcher.Form>
    </AuthScreen>
  );
}
