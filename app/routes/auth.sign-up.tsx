import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth/fields";
import { findUser, resendVerificationEmail, signUp } from "~/.server/auth/accounts";
import { pageAction, invalid, linkContext, retryAfterHeaders } from "~/.server/http/auth";
import { pendingVerificationCookie, readPendingVerification } from "~/.server/auth/pending";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { SignUpForm } from "~/components/auth/forms";
import { safeRedirectPath } from "~/lib/auth";
import { titleMeta } from "~/lib/meta";
import { checkForm, signUpSchema } from "~/lib/schemas/auth";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if ((await getViewer(request, context)).kind === "user") throw redirect(redirectTo);
  return { title: await pageTitle(request, "auth", "signUp.title"), redirectTo };
}

export const meta = titleMeta;
export const headers = retryAfterHeaders;

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  if (form.get("intent") === "resend-verification") {
    // The browser that just signed up may ask again (signed cookie, one hour); anyone else signs in first.
    const userId = await readPendingVerification(request, context.config);
    const user = userId ? await findUser(context.env, userId) : undefined;
    if (!user) throw new AppError("auth/requires-recent-login");
    await resendVerificationEmail(context.env, user, { ...linkContext(request, context), address: clientAddress(request) });
    return data({ ok: true as const, notice: "activationSent" as const });
  }
  const check = checkForm(signUpSchema, form);
  if (!check.success) return invalid(request, check.fieldErrors);
  const { user, emailSent } = await signUp(context.env, {
    ...check.data,
    address: clientAddress(request),
    ...linkContext(request, context),
  });
  // No session: an email-password account signs in only once its address is verified (docs/product.md §5).
  return data(
    { ok: true as const, email: user.email, emailSent },
    { headers: { "Set-Cookie": await pendingVerificationCookie(request, context.config, user.id) } },
  );
}, "auth/unknown");

export default function Screen() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <AuthScreen copy="signUp">
      <SignUpForm redirectTo={redirectTo} />
    </AuthScreen>
  );
}
