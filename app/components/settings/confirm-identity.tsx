// "Confirm it's you" (docs/product.md §8 auth/requires-recent-login). The settings changes that could lock the owner out (adding
// or changing a password, removing a sign-in method, deleting the account) answer that code when the session's last
// sign-in is more than 10 minutes old (app/.server/auth/recent-sign-in.ts). The dialog offers the ways this account
// has to prove it: its password (then the change is sent again at once), Google or Apple when connected, or an e-mail
// sign-in link (both come back to this page signed in afresh; the person presses the button again). With two-step
// sign-in on, the password comes with a code, and a change to the second factors themselves (a passkey, recovery
// codes) answers auth/requires-second-factor until one was given: the dialog then asks for both (decision 0028).
import * as Dialog from "@radix-ui/react-dialog";
import { useFetcher, useLocation, useSearchParams, type FetcherWithComponents } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "~/lib/toast";
import { retryAfterOf, type ErrorBody } from "~/lib/error-body";
import { useApiAction } from "~/lib/use-api-action";
import { useForm } from "~/lib/use-form";
import { FormAlert, PasswordField, SubmitButton, TextField } from "../auth/fields";
import { ProviderButtons, type AuthActionData } from "../auth/forms";
import { confirmPasswordForm, confirmWithCodeForm, useAuthWords } from "../auth/account-forms";
import { CenteredDialog } from "../ui/centered-dialog";

export const REQUIRES_RECENT_LOGIN = "auth/requires-recent-login";
export const REQUIRES_SECOND_FACTOR = "auth/requires-second-factor";

/** The answers that open the dialog (the second asks for the code as well). */
function asksToConfirm(code: string | undefined): boolean {
  return code === REQUIRES_RECENT_LOGIN || code === REQUIRES_SECOND_FACTOR;
}

/** What the dialog needs to know about the account: its address, whether it has a password, its connections. */
export interface ConfirmingAccount {
  email: string;
  hasPassword: boolean;
  connections: { provider: "google" | "apple" | "email" }[];
  /** Two-step sign-in is on: the password comes with a code (where the page knows it; the refusal says so anyway). */
  twoStep?: boolean;
}

function PasswordConfirm({ account, withCode, onConfirmed }: { account: ConfirmingAccount; withCode: boolean; onConfirmed: () => void }) {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  const confirm = useApiAction({ refresh: false });
  const failed = confirm.data && !confirm.data.ok ? confirm.data : undefined;
  const { errors, formProps } = useForm({
    schema: withCode ? confirmWithCodeForm : confirmPasswordForm,
    translate: useAuthWords(),
    send: async ({ password, code }) => {
      const body = new FormData();
      body.set("password", password);
      if (withCode && code) body.set("code", code);
      const result = await confirm.submit("/api/auth/confirm-password", body);
      if (result.ok) onConfirmed();
      else return result.error.fieldErrors;
    },
  });
  return (
    <form method="post" action="/api/auth/confirm-password" className="flex flex-col gap-3" {...formProps}>
      {/* For password managers: which account this password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
      <FormAlert code={failed?.error.code === "request/invalid" ? null : failed?.error.code} />
      <PasswordField name="password" autoComplete="current-password" label={ta("fields.password")} error={errors.password} />
      {withCode && (
        <TextField name="code" label={t("confirmIdentity.codeLabel")} autoComplete="one-time-code" inputMode="numeric" maxLength={32} error={errors.code} />
      )}
      <SubmitButton busy={confirm.state !== "idle"}>{t("confirmIdentity.submit")}</SubmitButton>
    </form>
  );
}

function EmailLinkConfirm({ email, redirectTo }: { email: string; redirectTo: string }) {
  const { t } = useTranslation("settings");
  const { t: ta } = useTranslation("auth");
  const fetcher = useFetcher<AuthActionData>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  if (fetcher.data?.ok) return <FormAlert tone="success">{t("confirmIdentity.linkSent", { email })}</FormAlert>;
  return (
    <fetcher.Form method="post" action="/auth/email-link" className="flex flex-col gap-2">
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="redirectTo" value={`${redirectTo}?notice=identity-confirmed`} />
      <FormAlert code={failed?.error.code} retryAfterSeconds={retryAfterOf(failed)} />
      <SubmitButton busy={fetcher.state !== "idle"} variant="secondary">
        {ta("login.emailLink")}
      </SubmitButton>
    </fetcher.Form>
  );
}

export function ConfirmIdentityDialog({
  open,
  onOpenChange,
  account,
  secondFactor = false,
  onConfirmed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: ConfirmingAccount;
  /** The change needs the second factor (auth/requires-second-factor), even where the page did not know two-step was on. */
  secondFactor?: boolean;
  onConfirmed: () => void;
}) {
  const withCode = secondFactor || Boolean(account.twoStep);
  const { t } = useTranslation("settings");
  const { pathname } = useLocation();
  const providers = account.connections.flatMap((connection) => (connection.provider === "email" ? [] : [connection.provider]));
  return (
    <CenteredDialog open={open} onOpenChange={onOpenChange}>
      <span className="mb-3 inline-flex size-10 items-center justify-center rounded-full bg-accent text-primary">
        <ShieldCheck className="size-5" aria-hidden />
      </span>
      <Dialog.Title className="text-xl font-semibold">{t("confirmIdentity.title")}</Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted-foreground">
        {t(withCode ? "confirmIdentity.descriptionWithCode" : "confirmIdentity.description")}
      </Dialog.Description>
      <div className="mt-4 flex flex-col gap-4">
        {providers.length > 0 && <ProviderButtons redirectTo={pathname} mode="reauth" only={providers} />}
        {account.hasPassword && <PasswordConfirm key={String(withCode)} account={account} withCode={withCode} onConfirmed={onConfirmed} />}
        <EmailLinkConfirm email={account.email} redirectTo={pathname} />
      </div>
    </CenteredDialog>
  );
}

/**
 * For a settings fetcher whose change may need a recent sign-in: when it answers auth/requires-recent-login, opens
 * "Confirm it's you", and once the password is confirmed sends the same form again. The caller renders `dialog`
 * outside its form (React passes submit events up through portals) and leaves that code out of its toasts.
 */
export function useRecentSignIn(fetcher: FetcherWithComponents<unknown>, account: ConfirmingAccount | undefined) {
  const sent = useRef<FormData | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const answer = fetcher.data as { ok: true } | ErrorBody | undefined;
  const asked = fetcher.state === "idle" && answer?.ok === false && asksToConfirm(answer.error.code);
  const secondFactor = answer?.ok === false && answer.error.code === REQUIRES_SECOND_FACTOR;
  useEffect(() => {
    if (fetcher.formData) sent.current = fetcher.formData;
  }, [fetcher.formData]);
  useEffect(() => {
    if (asked) setOpen(true);
  }, [asked, answer]);
  const { submit } = fetcher;
  const repeat = useCallback(() => {
    setOpen(false);
    if (sent.current) submit(sent.current, { method: "post" });
  }, [submit]);
  return {
    dialog: account ? <ConfirmIdentityDialog open={open} onOpenChange={setOpen} account={account} secondFactor={secondFactor} onConfirmed={repeat} /> : null,
  };
}

/** Back from confirming with Google, Apple or an e-mail link: says so once, so the person knows to press again. */
export function useIdentityConfirmedNotice() {
  const { t } = useTranslation("settings");
  const [params] = useSearchParams();
  const confirmed = params.get("notice") === "identity-confirmed";
  useEffect(() => {
    if (confirmed) notify("success", t("confirmIdentity.confirmed"));
  }, [confirmed, t]);
}

/**
 * For API actions (useApiAction) whose change may need a recent sign-in: `guard(code, retry)` takes an
 * auth/requires-recent-login or auth/requires-second-factor answer by opening "Confirm it's you" (with the code field
 * for the second), and runs `retry` once confirmed.
 * Returns whether it took the answer; the caller renders `dialog`.
 */
export function useConfirmThenRetry(account: ConfirmingAccount) {
  const retry = useRef<(() => void) | null>(null);
  const [open, setOpen] = useState(false);
  const [secondFactor, setSecondFactor] = useState(false);
  const guard = useCallback((code: string | undefined, again: () => void) => {
    if (!asksToConfirm(code)) return false;
    retry.current = again;
    setSecondFactor(code === REQUIRES_SECOND_FACTOR);
    setOpen(true);
    return true;
  }, []);
  const confirmed = useCallback(() => {
    setOpen(false);
    retry.current?.();
  }, []);
  return {
    guard,
    dialog: <ConfirmIdentityDialog open={open} onOpenChange={setOpen} account={account} secondFactor={secondFactor} onConfirmed={confirmed} />,
  };
}
