// The second step of signing in (/auth/two-step, decision 0028): the authenticator app's 6-digit code, or a recovery
// code instead. Posts to the page's action through a fetcher; a right code ends in the redirect of any sign-in.
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { retryAfterOf } from "~/lib/error-body";
import { useForm } from "~/lib/use-form";
import { twoStepCodeForm, useAuthWords } from "./account-forms";
import { FormAlert, SubmitButton, TextField } from "./fields";
import { alertCode, useResultToasts, type AuthActionData } from "./results";
import { Button } from "~/components/ui/button";

export function TwoStepForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  const [recovery, setRecovery] = useState(false);
  const fetcher = useFetcher<AuthActionData>();
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const { errors, formProps } = useForm({ schema: twoStepCodeForm, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
  useResultToasts(failed);
  return (
    <fetcher.Form method="post" action="/auth/two-step" className="flex flex-col gap-4" {...formProps}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert code={alertCode(failed)} retryAfterSeconds={retryAfterOf(failed)} />
      {recovery && <p className="text-sm text-muted-foreground">{t("twoStep.recoveryDescription")}</p>}
      <TextField
        key={recovery ? "recovery" : "app"}
        name="code"
        label={recovery ? t("twoStep.recoveryLabel") : t("twoStep.codeLabel")}
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        autoFocus
        error={errors.code}
      />
      <SubmitButton busy={fetcher.state !== "idle"}>{t("twoStep.submit")}</SubmitButton>
      <Button type="button" onClick={() => setRecovery((value) => !value)} variant="link" className="text-sm font-medium">
        {recovery ? t("twoStep.useApp") : t("twoStep.useRecovery")}
      </Button>
    </fetcher.Form>
  );
}
