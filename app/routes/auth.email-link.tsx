import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthScreen } from "~/components/auth/fields";
import { normalizeEmail } from "~/.server/auth/accounts";
import { trustedDeviceCookie } from "~/.server/auth/device";
import {
  askedInThisBrowser,
  clearAskingBrowserCookie,
  limitSignInLinkRequests,
  newSignInLink,
  sendSignInLink,
  signInWithEmailLink,
} from "~/.server/auth/email-link";
import { pageAction, invalid, linkContext, linkPageHeaders, signedInRedirect } from "~/.server/http/auth";
import type { ErrorBody } from "~/lib/error-body";
import { openLinkPage } from "~/.server/http/link-page";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError } from "~/.server/errors";
import { readForm } from "~/.server/http/request";
import { pageTitle } from "~/.server/page";
import { EmailLinkForm } from "~/components/auth/email-only-form";
import { useResultToasts, type AuthActionData } from "~/components/auth/forms";
import { LinkConfirmation, LinkProblem } from "~/components/auth/link-page";
import { safeRedirectPath } from "~/lib/auth";
import { titleMeta } from "~/lib/meta";
import { checkForm, signInLinkSchema } from "~/lib/schemas/auth";

export const headers = linkPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => [...titleMeta(args), { name: "referrer", content: "no-referrer" }];

/**
 * Without a token: the "e-mail me a sign-in link" form. With one: the account it signs into (masked) and a button that
 * uses it. Opening the link does not sign in by itself, so a mail scanner that follows links cannot use it up.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const token = url.searchParams.get("token");
  const title = await pageTitle(request, "auth", "emailLink.title");
  if (token === null) return { title, redirectTo, token: null, maskedEmail: null, problem: null, askedHere: false };
  const page = await openLinkPage(context.env, token, "sign-in-link");
  return { title, redirectTo, ...page, askedHere: page.token !== null && (await askedInThisBrowser(request, page.token)) };
}

export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  if (form.get("intent") === "use-link") {
    const token = form.get("token");
    if (typeof token !== "string") throw new AppError("auth/invalid-action-code");
    const user = await signInWithEmailLink(context.env, { token, address: clientAddress(request) });
    // The mailbox is proven: this browser is trusted for the account like after a correct password (decision 0012).
    const headers = new Headers({ "Set-Cookie": await trustedDeviceCookie(request, context.config, user.email) });
    headers.append("Set-Cookie", clearAskingBrowserCookie(request));
    // A visitor's chats move into the account only in the browser that asked for the link (decision 0020).
    const askedHere = await askedInThisBrowser(request, token);
    return await signedInRedirect(request, context, user, { redirectTo: form.get("redirectTo"), headers, ...(askedHere ? {} : { guestId: null }) });
  }
  const check = checkForm(signInLinkSchema, form);
  if (!check.success) return invalid(request, check.fieldErrors);
  await limitSignInLinkRequests(context.env, clientAddress(request));
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  // The same answer (and cookie), at once, whether or not the address has an account; the e-mail goes out after responding.
  const { token, setCookie } = await newSignInLink(request);
  context.ctx.waitUntil(
    sendSignInLink(context.env, { email: check.data.email, token, redirectTo, ...linkContext(request, context) }).catch((error: unknown) =>
      console.error("auth: sign-in link email failed:", error instanceof Error ? error.message : "unknown error"),
    ),
  );
  return data({ ok: true as const, email: normalizeEmail(check.data.email) }, { headers: { "Set-Cookie": setCookie } });
}, "auth/unknown");

export default function Screen() {
  const { t } = useTranslation("auth");
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<ErrorBody>();
  // The link's button failing (used meanwhile, expired, or the product's "Authentication failed") says why, like every
  // sign-in form: a toast and an alert; the person stays signed out (docs/product.md §4).
  useResultToasts(refused as AuthActionData | undefined);
  if (loaded.problem) {
    return (
      <LinkProblem title={t("emailLink.invalidTitle")} code={loaded.problem}>
        <Link to="/auth/email-link" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("emailLink.requestNew")}
        </Link>
      </LinkProblem>
    );
  }
  if (loaded.token) {
    return (
      <LinkConfirmation
        title={t("emailLink.confirmTitle")}
        body={t("emailLink.confirmBody")}
        maskedEmail={loaded.maskedEmail}
        fields={{ intent: "use-link", token: loaded.token, redirectTo: loaded.redirectTo }}
        button={t("emailLink.confirm")}
        error={refused?.error.code}
        note={loaded.askedHere ? null : t("emailLink.otherBrowser")}
      />
    );
  }
  return (
    <AuthScreen copy="emailLink">
      <EmailLinkForm redirectTo={loaded.redirectTo} />
    </AuthScreen>
  );
}
