import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { findUser } from "~/.server/auth/accounts";
import { clearCookie, PENDING_SECOND_STEP_COOKIE, readPendingSecondStep } from "~/.server/auth/pending";
import { clientAddress } from "~/.server/auth/throttle";
import { passSecondStep } from "~/.server/auth/two-step";
import { AppError } from "~/.server/errors";
import { invalid, pageAction, linkContext, retryAfterHeaders, signedInRedirect } from "~/.server/http/auth";
import { readForm } from "~/.server/http/request";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { AuthScreen } from "~/components/auth/fields";
import { LinkProblem } from "~/components/auth/link-page";
import { TwoStepForm } from "~/components/auth/two-step-form";
import { loginPath, safeRedirectPath } from "~/lib/auth";
import { titleMeta } from "~/lib/meta";
import { checkForm, twoStepCodeSchema } from "~/lib/schemas/auth";

/**
 * The second step of signing in (decision 0028): after a right password, Google, Apple or e-mail link for an account
 * with two-step sign-in on, the browser holds only a signed pending cookie (5 minutes, no session) and comes here for
 * the authenticator app's code or a recovery code. Nothing pending: back to sign in; pending too long: it says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  const viewer = await getViewer(request, context);
  if (viewer.kind === "user") throw redirect(redirectTo);
  const pending = await readPendingSecondStep(request, context.config);
  if (pending === null) throw redirect(loginPath(redirectTo));
  return { title: await pageTitle(request, "auth", "twoStep.title"), redirectTo, expired: pending === "expired" };
}

export const meta = titleMeta;
export const headers = retryAfterHeaders;

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const pending = await readPendingSecondStep(request, context.config);
  if (pending === null || pending === "expired") throw new AppError("auth/code-expired");
  const check = checkForm(twoStepCodeSchema, form);
  if (!check.success) return invalid(request, check.fieldErrors);
  const user = await findUser(context.env, pending.userId);
  if (!user) throw new AppError("auth/code-expired");
  if (user.disabledAt) throw new AppError("auth/user-disabled");
  await passSecondStep(context.env, user, { code: check.data.code, address: clientAddress(request) }, linkContext(request, context));
  const headers = { "Set-Cookie": clearCookie(request, PENDING_SECOND_STEP_COOKIE) };
  return await signedInRedirect(request, context, user, {
    redirectTo: form.get("redirectTo"),
    guestId: pending.guestId,
    headers,
    secondStepDone: true,
    trustDevice: pending.trustDevice,
  });
}, "auth/unknown");

export default function Screen() {
  const { t } = useTranslation("auth");
  const { redirectTo, expired } = useLoaderData<typeof loader>();
  if (expired) {
    return (
      <LinkProblem title={t("twoStep.title")} code="auth/code-expired">
        <Link to={loginPath(redirectTo)} className="font-medium text-primary underline-offset-4 hover:underline">
          {t("twoStep.signInAgain")}
        </Link>
      </LinkProblem>
    );
  }
  return (
    <AuthScreen copy="twoStep">
      <TwoStepForm redirectTo={redirectTo} />
    </AuthScreen>
  );
}
