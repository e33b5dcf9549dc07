import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { normalizeEmail } from "~/.server/auth/accounts";
import { trustedDeviceCookie } from "~/.server/auth/device";
import { limitSignInLinkRequests, sendSignInLink, signInWithEmailLink } from "~/.server/auth/email-link";
import { checkEmailToken } from "~/.server/auth/email-tokens";
import { failure, invalid, linkContext, retryAfterHeaders, signedInRedirect } from "~/.server/http/auth";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError, isAppError, type ErrorCode } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { pageTitle } from "~/.server/page";
import { FormAlert, SubmitButton } from "~/components/auth/fields";
import { EmailLinkForm } from "~/components/auth/email-only-form";
import { useResultToasts, type AuthActionData } from "~/components/auth/forms";
import { safeRedirectPath } from "~/lib/auth";
import { titleMeta } from "~/lib/meta";
import { checkForm, signInLinkSchema } from "~/lib/schemas/auth";

// The page may hold a secret link: never leak it through a Referer header or a cache.
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(retryAfterHeaders(args));
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("Cache-Control", "no-store");
  return headers;
};

export const meta: MetaFunction<typeof loader> = (args) => [...titleMeta(args), { name: "referrer", content: "no-referrer" }];

/**
 * Without a token: the "e-mail me a sign-in link" form. With one: a button that uses it. Opening the link does not
 * sign in by itself, so a mail scanner that follows links cannot use it up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const token = url.searchParams.get("token");
  const title = await pageTitle(request, "auth", "emailLink.title");
  if (token === null) return { title, redirectTo, token: null, problem: null };
  let problem: ErrorCode | null = null;
  try {
    await checkEmailToken(context.env, token, "sign-in-link");
  } catch (error) {
    if (!isAppError(error)) throw error;
    problem = error.code;
  }
  return { title, redirectTo, token: problem ? null : token, problem };
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    const form = await readForm(request);
    if (form.get("intent") === "use-link") {
      const token = form.get("token");
      if (typeof token !== "string") throw new AppError("auth/invalid-action-code");
      const user = await signInWithEmailLink(context.env, { token, address: clientAddress(request) });
      // The mailbox is proven: this browser is trusted for the account like after a correct password (decision 0012).
      const headers = new Headers({ "Set-Cookie": await trustedDeviceCookie(request, context.config, user.email) });
      return await signedInRedirect(request, context, user, { redirectTo: form.get("redirectTo"), headers });
    }
    const check = checkForm(signInLinkSchema, form);
    if (!check.success) return invalid(request, check.fieldErrors);
    await limitSignInLinkRequests(context.env, clientAddress(request));
    const redirectTo = safeRedirectPath(form.get("redirectTo"));
    // The same answer, at once, whether or not the address has an account; the e-mail goes out after responding.
    context.ctx.waitUntil(
      sendSignInLink(context.env, { email: check.data.email, redirectTo, ...linkContext(request, context) }).catch((error: unknown) =>
        console.error("auth: sign-in link email failed:", error instanceof Error ? error.message : "unknown error"),
      ),
    );
    return data({ ok: true as const, email: normalizeEmail(check.data.email) });
  } catch (error) {
    return failure(request, error, "auth/unknown");
  }
}

export default function Screen() {
  const { t } = useTranslation("auth");
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  // The link's button failing (used meanwhile, expired, or SPEC §4's "Authentication failed") says why, like every
  // sign-in form: a toast and an alert; the person stays signed out.
  const answer = useActionData<typeof action>() as AuthActionData | undefined;
  const failed = answer && !answer.ok ? answer : undefined;
  useResultToasts(failed);
  if (loaded.problem) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t("emailLink.invalidTitle")}</h1>
        <FormAlert code={loaded.problem} />
        <Link to="/auth/email-link" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("emailLink.requestNew")}
        </Link>
      </div>
    );
  }
  if (loaded.token) {
    return (
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-2xl font-semibold">{t("emailLink.confirmTitle")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("emailLink.confirmBody")}</p>
        </div>
        <Form method="post" className="flex flex-col gap-4">
          <FormAlert code={failed?.error ?? null} retryAfterSeconds={failed?.retryAfterSeconds} />
          <input type="hidden" name="intent" value="use-link" />
          <input type="hidden" name="token" value={loaded.token} />
          <input type="hidden" name="redirectTo" value={loaded.redirectTo} />
          <SubmitButton busy={navigation.state !== "idle"}>{t("emailLink.confirm")}</SubmitButton>
        </Form>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("emailLink.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("emailLink.description")}</p>
      </div>
      <EmailLinkForm redirectTo={loaded.redirectTo} />
    </div>
  );
}
