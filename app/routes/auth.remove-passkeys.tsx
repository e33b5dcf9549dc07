import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { removalToken, removeAllPasskeys } from "~/.server/auth/passkey-removal";
import { clearSessionCookie } from "~/.server/auth/session";
import { isAppError } from "~/.server/errors";
import { linkPageHeaders, pageAction } from "~/.server/http/auth";
import { openLinkPage } from "~/.server/http/link-page";
import { readForm } from "~/.server/http/request";
import { pageTitle } from "~/.server/page";
import { FormAlert } from "~/components/auth/fields";
import { LinkConfirmation, LinkProblem } from "~/components/auth/link-page";
import type { ErrorBody } from "~/lib/error-body";
import { titleMeta } from "~/lib/meta";

export const headers = linkPageHeaders;

export const meta: MetaFunction<typeof loader> = (args) => [...titleMeta(args), { name: "referrer", content: "no-referrer" }];

/**
 * "Remove all passkeys" from the notice after a password change or signing out elsewhere (decision 0028). Opening the
 * link removes nothing (mail scanners open links too, decision 0020): the page names the account, masked, and its
 * button does it. A made-up link, one signed for something else, used or expired: the page says it cannot be used.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const title = await pageTitle(request, "auth", "removePasskeys.title");
  const signed = new URL(request.url).searchParams.get("token");
  try {
    const page = await openLinkPage(context.env, await removalToken(context.env, signed), "remove-passkeys");
    return { title, ...page, token: page.problem ? null : signed };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { title, token: null, maskedEmail: null, problem: error.code };
  }
}

/** The one press: every passkey of the account goes and every device is signed out, this one too. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const { removed } = await removeAllPasskeys(context.env, (await readForm(request)).get("token"));
  return data({ ok: true as const, removed }, { headers: { "Set-Cookie": clearSessionCookie(request), "Referrer-Policy": "no-referrer" } });
}, "auth/unknown");

export default function Screen() {
  const { t } = useTranslation("auth");
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<{ ok: true; removed: number } | ErrorBody>();
  const toSignIn = (
    <Link to="/auth/login" className="font-medium text-primary underline-offset-4 hover:underline">
      {t("removePasskeys.toSignIn")}
    </Link>
  );
  if (answer?.ok) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{t("removePasskeys.doneTitle")}</h1>
        <FormAlert tone="success">{t("removePasskeys.done", { count: answer.removed })}</FormAlert>
        {toSignIn}
      </div>
    );
  }
  if (loaded.problem || !loaded.token) {
    return (
      <LinkProblem title={t("removePasskeys.failedTitle")} code={loaded.problem ?? "auth/invalid-action-code"}>
        <p className="text-sm text-muted-foreground">{t("removePasskeys.failedBody")}</p>
        {toSignIn}
      </LinkProblem>
    );
  }
  return (
    <LinkConfirmation
      title={t("removePasskeys.title")}
      body={t("removePasskeys.confirmBody")}
      maskedEmail={loaded.maskedEmail!}
      fields={{ token: loaded.token }}
      button={t("removePasskeys.confirm")}
      error={answer && !answer.ok ? answer.error.code : null}
    />
  );
}
