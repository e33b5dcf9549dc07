// How the account tab's forms post and answer: each sends an intent to the route's action and toasts the answer.
import { useFetcher } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AccountNotice } from "~/.server/settings/account";
import { FormAlert, SubmitButton } from "~/components/auth/fields";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import { retryAfterOf, type ErrorBody } from "~/lib/error-body";
import { REQUIRES_RECENT_LOGIN, useRecentSignIn, type ConfirmingAccount } from "./confirm-identity";

/** The account action's answer (routes/_main.settings.account.tsx): a notice, or the one error body. */
export type AccountActionData = { ok: true; notice: AccountNotice } | ErrorBody;

/** Toasts each answer of a settings action once (successes with the product's wording, failures with docs/product.md §8's). */
export function useActionToast(result: AccountActionData | undefined) {
  const { t } = useTranslation("settings");
  const errorText = useErrorText();
  useEffect(() => {
    if (!result) return;
    if (result.ok) notify("success", t(`account.notices.${result.notice}`));
    // "Confirm it's you" opens for requires-recent-login and says it there.
    else if (result.error.code !== "request/invalid" && result.error.code !== REQUIRES_RECENT_LOGIN)
      notify("error", errorText(result.error.code, retryAfterOf(result)));
  }, [result, t, errorText]);
}

/** A form that is one button: it posts `intent`, says the answer, and asks "Confirm it's you" when the change needs it. */
export function IntentButton({
  intent,
  children,
  variant = "secondary",
  account,
}: {
  intent: string;
  children: ReactNode;
  variant?: "primary" | "secondary" | "danger";
  /** For a change that needs a recent sign-in: the account "Confirm it's you" asks about. */
  account?: ConfirmingAccount;
}) {
  const fetcher = useFetcher<AccountActionData>();
  useActionToast(fetcher.data);
  const { dialog } = useRecentSignIn(fetcher, account);
  // The dialog stays outside the form: React passes submit events up through portals, and its forms are its own.
  return (
    <>
      <fetcher.Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value={intent} />
        <div>
          <SubmitButton busy={fetcher.state !== "idle"} variant={variant}>
            {children}
          </SubmitButton>
        </div>
        {fetcher.data && !fetcher.data.ok && <FormAlert code={fetcher.data.error.code} retryAfterSeconds={retryAfterOf(fetcher.data)} />}
      </fetcher.Form>
      {dialog}
    </>
  );
}
