// The sign-in connections of Settings -> Login & connection (app/routes/_main.settings.login-connection.tsx,
// docs/product.md §5): each method's mark, disconnecting one, and adding e-mail and password.
import { useFetcher } from "@remix-run/react";
import { KeyRound, Mail } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { newPasswordForm, useAuthWords } from "~/components/auth/account-forms";
import { FormAlert, PasswordField, SubmitButton } from "~/components/auth/fields";
import { alertCode } from "~/components/auth/forms";
import { REQUIRES_RECENT_LOGIN, useRecentSignIn, type ConfirmingAccount } from "~/components/settings/confirm-identity";
import { Button } from "~/components/ui/button";
import type { LoginProvider as Provider } from "~/lib/auth";
import type { ErrorBody } from "~/lib/error-body";
import { notify } from "~/lib/toast";
import { useForm } from "~/lib/use-form";

/** What the route's action answers a connection change with. */
export type ConnectionActionData = { ok: true; notice: "connected" | "disconnected" | "verificationSent"; provider: Provider } | ErrorBody;

/** Each sign-in method's mark in the list. */
export const ICONS: Record<Provider, ReactNode> = {
  google: <span className="text-base font-bold text-[#4285F4]">G</span>,
  apple: <KeyRound className="size-4" aria-hidden />,
  email: <Mail className="size-4" aria-hidden />,
};

/** A connection change's result as a toast (an old session's refusal is said by "Confirm it's you" instead). */
function useNoticeToast(result: ConnectionActionData | undefined) {
  const { t } = useTranslation("settings");
  const { t: tc } = useTranslation();
  useEffect(() => {
    if (!result) return;
    if (result.ok) notify("success", t(`login-connection.notices.${result.notice}`, { provider: t(`login-connection.providers.${result.provider}`) }));
    // "Confirm it's you" opens for requires-recent-login and says it there.
    else if (alertCode(result) && result.error.code !== REQUIRES_RECENT_LOGIN) notify("error", tc(`errors:${result.error.code}`));
  }, [result, t, tc]);
}

/** Removes a connection; the last verified one cannot go. Asks "Confirm it's you" first on an old session. */
export function DisconnectButton({ provider, disabled, account }: { provider: Provider; disabled: boolean; account: ConfirmingAccount }) {
  const { t } = useTranslation("settings");
  const fetcher = useFetcher<ConnectionActionData>();
  useNoticeToast(fetcher.data);
  const { dialog } = useRecentSignIn(fetcher, account);
  return (
    <>
      <fetcher.Form method="post" className="flex flex-col items-end gap-2">
        <input type="hidden" name="intent" value="disconnect" />
        <input type="hidden" name="provider" value={provider} />
        <Button
          type="submit"
          // The last verified connection cannot go (docs/product.md §5); the server refuses it too.
          disabled={fetcher.state !== "idle" || disabled}
          title={disabled ? t("errors:auth/last-connection") : undefined}
          variant="outline"
          size="sm"
          aria-label={t("login-connection.disconnectProvider", { provider: t(`login-connection.providers.${provider}`) })}
        >
          {t("login-connection.disconnect")}
        </Button>
        {fetcher.data && !fetcher.data.ok && <FormAlert code={fetcher.data.error.code} />}
      </fetcher.Form>
      {dialog}
    </>
  );
}

/** Adds e-mail and password sign-in to an account that signs in with Google or Apple only. */
export function ConnectEmailForm({ account }: { account: ConfirmingAccount }) {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  const fetcher = useFetcher<ConnectionActionData>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { errors, formProps } = useForm({ schema: newPasswordForm, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
  useNoticeToast(fetcher.data);
  const { dialog } = useRecentSignIn(fetcher, account);
  return (
    <>
      <fetcher.Form method="post" className="mt-3 flex max-w-md flex-col gap-3" {...formProps}>
        <input type="hidden" name="intent" value="connect-email" />
        <p className="text-sm text-muted-foreground">{t("login-connection.emailForm.description", { email: account.email })}</p>
        <FormAlert code={alertCode(failed)} />
        <PasswordField name="password" autoComplete="new-password" label={ta("fields.newPassword")} hint={ta("fields.passwordHint")} error={errors.password} />
        <PasswordField name="confirmPassword" autoComplete="new-password" label={ta("fields.confirmPassword")} error={errors.confirmPassword} />
        <div>
          <SubmitButton busy={fetcher.state !== "idle"}>{t("login-connection.emailForm.submit")}</SubmitButton>
        </div>
      </fetcher.Form>
      {dialog}
    </>
  );
}
