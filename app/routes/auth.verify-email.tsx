import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { verifyEmail } from "~/.server/auth/accounts";
import { AppError } from "~/.server/errors";
import { pageAction, linkPageHeaders } from "~/.server/http/auth";
import type { ErrorBody } from "~/lib/error-body";
import { openLinkPage } from "~/.server/http/link-page";
import { readForm } from "~/.server/http/request";
import { getViewer } from "~/.server/identity";
import { pageTitle } from "~/.server/page";
import { LinkConfirmation, LinkProblem } from "~/components/auth/link-page";
import { titleMeta } from "~/lib/meta";

export const headers = linkPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => [...titleMeta(args), { name: "referrer", content: "no-referrer" }];

/**
 * The activation link. Opening it verifies nothing (mail scanners open links too, and a stranger may have signed up
 * with this address): the page names the account, masked, and its Verify button does it (decision 0020).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await openLinkPage(context.env, new URL(request.url).searchParams.get("token"), "verify-email");
  return { title: await pageTitle(request, "auth", "verifyEmail.title"), ...page };
}

/** The Verify button: verifies the address, then sends the person on to sign in (or back to settings). */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const token = (await readForm(request)).get("token");
  if (typeof token !== "string") throw new AppError("auth/invalid-action-code");
  const user = await verifyEmail(context.env, token);
  const viewer = await getViewer(request, context);
  return redirect(viewer.kind === "user" && viewer.user.id === user.id ? "/settings/account?notice=email-verified" : "/auth/login?notice=verified", {
    headers: { "Referrer-Policy": "no-referrer" },
  });
}, "auth/unknown");

export default function Screen() {
  const { t } = useTranslation("auth");
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<ErrorBody>();
  if (loaded.problem) {
    return (
      <LinkProblem title={t("verifyEmail.failedTitle")} code={loaded.problem}>
        <p className="text-sm text-muted-foreground">{t("verifyEmail.failedBody")}</p>
        <Link to="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("verifyEmail.toSignIn")}
        </Link>
      </LinkProblem>
    );
  }
  return (
    <LinkConfirmation
      title={t("verifyEmail.title")}
      body={t("verifyEmail.confirmBody")}
      maskedEmail={loaded.maskedEmail}
      fields={{ token: loaded.token }}
      button={t("verifyEmail.confirm")}
      error={refused?.error.code}
    />
  );
}
