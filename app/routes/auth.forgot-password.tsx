import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth/fields";
import { limitPasswordResetRequests, normalizeEmail, requestPasswordReset } from "~/.server/auth/accounts";
import { clientAddress } from "~/.server/auth/throttle";
import { pageAction, invalid, linkContext, retryAfterHeaders } from "~/.server/http/auth";
import { readForm } from "~/.server/http/request";
import { pageTitle } from "~/.server/page";
import { ForgotPasswordForm } from "~/components/auth/email-only-form";
import { safeRedirectPath } from "~/lib/auth";
import { titleMeta } from "~/lib/meta";
import { checkForm, forgotPasswordSchema } from "~/lib/schemas/auth";

export async function loader({ request }: LoaderFunctionArgs) {
  return {
    title: await pageTitle(request, "auth", "forgotPassword.title"),
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
  };
}

export const meta = titleMeta;
export const headers = retryAfterHeaders;

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const check = checkForm(forgotPasswordSchema, await readForm(request));
  if (!check.success) return invalid(request, check.fieldErrors);
  await limitPasswordResetRequests(context.env, { email: check.data.email, address: clientAddress(request) });
  // The same answer, at once, whether or not the address has an account; the work happens after responding.
  context.ctx.waitUntil(
    requestPasswordReset(context.env, { email: check.data.email, ...linkContext(request, context) }).catch((error: unknown) =>
      console.error("auth: password reset email failed:", error instanceof Error ? error.message : "unknown error"),
    ),
  );
  return data({ ok: true as const, email: normalizeEmail(check.data.email) });
}, "auth/unknown");

export default function Screen() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <AuthScreen copy="forgotPassword">
      <ForgotPasswordForm redirectTo={redirectTo} />
    </AuthScreen>
  );
}
