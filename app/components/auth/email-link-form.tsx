// "E-mail me a sign-in link": on /auth/email-link and as a step of the auth dialog.
import { useFetcher } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AuthDialogStep } from "~/lib/auth-dialog";
import { signInLinkSchema } from "~/lib/schemas/auth";
import { FormAlert, SubmitButton, TextField } from "./fields";
import { StepLink, useResultToasts, type AuthActionData } from "./forms";
import { useCheckedForm } from "./use-checked-form";

export function EmailLinkForm({ redirectTo, onStep }: { redirectTo: string; onStep?: (step: AuthDialogStep) => void }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthActionData>();
  const result = fetcher.data;
  const failed = result && !result.ok ? result : undefined;
  const { errors, formProps } = useCheckedForm(signInLinkSchema, failed?.fieldErrors);
  useResultToasts(failed);
  if (result?.ok) {
    return (
      <div className="flex flex-col gap-4">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <FormAlert tone="success">{t("emailLink.sent")}</FormAlert>
        <p className="text-sm text-muted-foreground">{t("emailLink.sentBody", { email: result.email ?? "" })}</p>
        <p className="text-sm">
          <StepLink step="sign-in" redirectTo={redirectTo} onStep={onStep}>
            {t("forgotPassword.backToLogin")}
          </StepLink>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <fetcher.Form method="post" action="/auth/email-link" className="flex flex-col gap-4" {...formProps}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert code={failed?.error && failed.error !== "request/invalid" ? failed.error : null} retryAfterSeconds={failed?.retryAfterSeconds} />
        <TextField name="email" type="email" autoComplete="email" inputMode="email" label={t("fields.email")} error={errors.email} />
        <SubmitButton busy={fetcher.state !== "idle"}>{t("emailLink.submit")}</SubmitButton>
      </fetcher.Form>
      <p className="text-sm">
        <StepLink step="sign-in" redirectTo={redirectTo} onStep={onStep}>
          {t("forgotPassword.backToLogin")}
        </StepLink>
      </p>
    </div>
  );
}
