// The two auth forms that ask only for an e-mail address and answer "check your inbox": "Forgot password" and
// "E-mail me a sign-in link" (on their own pages and as steps of the auth dialog). One component, configured per
// flow, so the fields, error wiring and the sent screen cannot drift apart.
import { useFetcher } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AuthDialogStep } from "~/lib/auth-dialog";
import { FormAlert, SubmitButton, TextField } from "./fields";
import { retryAfterOf } from "~/lib/error-body";
import type { LazyForm } from "~/lib/schemas/lazy";
import { useForm } from "~/lib/use-form";
import { forgotPasswordForm, signInLinkForm, useAuthWords } from "./account-forms";
import { alertCode, StepLink, useResultToasts, type AuthActionData } from "./forms";

interface EmailOnlyFlow {
  action: string;
  /** Which schema checks it (the schemas load with the form's first use, account-forms.ts). */
  schema: LazyForm<{ email: string }>;
  /** The locale keys: `<copy>.submit`, `<copy>.sent`, `<copy>.sentBody`. */
  copy: "forgotPassword" | "emailLink";
  /** The sign-in link brings the user back to where they were; a reset link does not. */
  carriesRedirect: boolean;
}

const FORGOT_PASSWORD: EmailOnlyFlow = { action: "/auth/forgot-password", schema: forgotPasswordForm, copy: "forgotPassword", carriesRedirect: false };
const EMAIL_LINK: EmailOnlyFlow = { action: "/auth/email-link", schema: signInLinkForm, copy: "emailLink", carriesRedirect: true };

interface FormProps {
  redirectTo: string;
  onStep?: (step: AuthDialogStep) => void;
}

function EmailOnlyForm({ flow, redirectTo, onStep }: FormProps & { flow: EmailOnlyFlow }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthActionData>();
  const result = fetcher.data;
  const failed = result && !result.ok ? result : undefined;
  const { errors, formProps } = useForm({ schema: flow.schema, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
  useResultToasts(failed);
  const backToSignIn = (
    <p className="text-sm">
      <StepLink step="sign-in" redirectTo={redirectTo} onStep={onStep}>
        {t("forgotPassword.backToLogin")}
      </StepLink>
    </p>
  );
  if (result?.ok) {
    return (
      <div className="flex flex-col gap-4">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <FormAlert tone="success">{t(`${flow.copy}.sent`)}</FormAlert>
        <p className="text-sm text-muted-foreground">{t(`${flow.copy}.sentBody`, { email: result.email ?? "" })}</p>
        {backToSignIn}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form method="post" action={flow.action} className="flex flex-col gap-4" {...formProps}>
        {flow.carriesRedirect && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <FormAlert code={alertCode(failed)} retryAfterSeconds={retryAfterOf(failed)} />
        <TextField name="email" type="email" autoComplete="email" inputMode="email" label={t("fields.email")} error={errors.email} />
        <SubmitButton busy={fetcher.state !== "idle"}>{t(`${flow.copy}.submit`)}</SubmitButton>
      </fetcher.Form>
      {backToSignIn}
    </div>
  );
}

export function ForgotPasswordForm(props: FormProps) {
  return <EmailOnlyForm flow={FORGOT_PASSWORD} {...props} />;
}

export function EmailLinkForm(props: FormProps) {
  return <EmailOnlyForm flow={EMAIL_LINK} {...props} />;
}
