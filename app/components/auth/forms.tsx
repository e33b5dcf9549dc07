// The account forms, shared by the auth pages (/auth/login, /auth/sign-up, /auth/forgot-password, /auth/email-link) and the auth
// dialog. Each posts to its page's action through a fetcher and validates with the same zod schema first.
import { Form, Link, useFetcher } from "@remix-run/react";
import { MailCheck } from "lucide-react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AuthDialogStep } from "~/lib/auth-dialog";
import { retryAfterOf } from "~/lib/error-body";
import { useForm } from "~/lib/use-form";
import { useRootData } from "~/components/root-data";
import { FormAlert, PasswordField, SubmitButton, TextField } from "./fields";
import { signInForm, signUpForm, useAuthWords } from "./account-forms";
import { PasskeySignIn } from "./passkey-sign-in";
import { alertCode, useResultToasts, type AuthActionData } from "./results";
import { Button, buttonVariants } from "~/components/ui/button";

export { alertCode, useResultToasts, type AuthActionData };

type StepHandler = (step: AuthDialogStep) => void;

const STEP_PATHS: Record<AuthDialogStep, string> = {
  "sign-in": "/auth/login",
  "sign-up": "/auth/sign-up",
  "forgot-password": "/auth/forgot-password",
  "email-link": "/auth/email-link",
};

/** A link to another auth step: a page link on the pages, a step switch inside the dialog. */
export function StepLink({ step, redirectTo, onStep, children }: { step: AuthDialogStep; redirectTo: string; onStep?: StepHandler; children: ReactNode }) {
  if (onStep) {
    return (
      <Button type="button" variant="link" className="font-medium" onClick={() => onStep(step)}>
        {children}
      </Button>
    );
  }
  const query = redirectTo && redirectTo !== "/web-main" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <Link to={`${STEP_PATHS[step]}${query}`} className={buttonVariants({ variant: "link", className: "font-medium" })}>
      {children}
    </Link>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden>
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9A5 5 0 0 0 3.3 9.3c-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.4.8 2.2-1.3 3.1-2.5a10 10 0 0 0 1.4-2.9 4.4 4.4 0 0 1-2.6-4.1zM13.9 5c.7-.9 1.2-2 1.1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.1.1 2.3-.6 3-1.5z" />
    </svg>
  );
}

/**
 * Google and Apple buttons, each shown only when configured (and, given `only`, only those). A full-page POST: the
 * browser leaves for the provider.
 */
export function ProviderButtons({
  redirectTo,
  mode = "signin",
  only = ["google", "apple"],
}: {
  redirectTo: string;
  mode?: "signin" | "link" | "reauth";
  only?: readonly ("google" | "apple")[];
}) {
  const { t } = useTranslation("auth");
  const providers = useRootData()?.providers;
  const available = (["google", "apple"] as const).filter((provider) => providers?.[provider] && only.includes(provider));
  if (available.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {available.map((provider) => (
        <Form key={provider} method="post" action={`/auth/oauth/${provider}`} reloadDocument>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="mode" value={mode} />
          <Button type="submit" variant="secondary" size="md" className="w-full">
            {provider === "google" ? <GoogleLogo /> : <AppleLogo />}
            {t(`providers.${provider}`)}
          </Button>
        </Form>
      ))}
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        {t("providers.divider")}
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}

export function SignInForm({ redirectTo, onStep, initialError }: { redirectTo: string; onStep?: StepHandler; initialError?: string | null }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthActionData>();
  const result = fetcher.data;
  const failed = result && !result.ok ? result : undefined;
  const { errors, formProps } = useForm({ schema: signInForm, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
  const intent = fetcher.formData?.get("intent");
  useResultToasts(result);
  const errorCode = result ? alertCode(failed) : initialError;
  return (
    <div className="flex flex-col gap-5">
      <ProviderButtons redirectTo={redirectTo} />
      <fetcher.Form method="post" action="/auth/login" className="flex flex-col gap-4" {...formProps}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormAlert code={errorCode} retryAfterSeconds={retryAfterOf(failed)} />
        {result?.ok && result.notice === "activationSent" && <FormAlert tone="success">{t("notices.activationSent")}</FormAlert>}
        {/* "webauthn": the browser offers this site's passkeys among the field's suggestions (decision 0028). */}
        <TextField name="email" type="email" autoComplete="email webauthn" inputMode="email" label={t("fields.email")} error={errors.email} />
        <PasswordField name="password" autoComplete="current-password" label={t("fields.password")} error={errors.password} />
        <div className="-mt-1 flex flex-wrap justify-between gap-2 text-sm">
          <StepLink step="email-link" redirectTo={redirectTo} onStep={onStep}>
            {t("login.emailLink")}
          </StepLink>
          <StepLink step="forgot-password" redirectTo={redirectTo} onStep={onStep}>
            {t("login.forgot")}
          </StepLink>
        </div>
        <SubmitButton busy={fetcher.state !== "idle" && intent !== "resend-verification"} name="intent" value="sign-in">
          {t("login.submit")}
        </SubmitButton>
        {failed?.error.code === "auth/unverified-email" || (result?.ok && result.notice === "activationSent") ? (
          <SubmitButton variant="secondary" busy={fetcher.state !== "idle" && intent === "resend-verification"} name="intent" value="resend-verification">
            {t("login.resend")}
          </SubmitButton>
        ) : null}
      </fetcher.Form>
      <PasskeySignIn redirectTo={redirectTo} />
      <p className="text-center text-sm text-muted-foreground">
        {t("login.noAccount")}{" "}
        <StepLink step="sign-up" redirectTo={redirectTo} onStep={onStep}>
          {t("login.signUpLink")}
        </StepLink>
      </p>
    </div>
  );
}

function CheckEmail({ email, emailSent, redirectTo, onStep }: { email: string; emailSent: boolean; redirectTo: string; onStep?: StepHandler }) {
  const { t } = useTranslation("auth");
  const resend = useFetcher<AuthActionData>();
  useResultToasts(resend.data);
  const resendFailed = resend.data && !resend.data.ok ? resend.data : undefined;
  return (
    <div className="flex flex-col gap-4" data-testid="check-email">
      <MailCheck className="size-10 text-primary" aria-hidden />
      <h2 className="text-xl font-semibold">{t("signUp.checkEmailTitle")}</h2>
      <p className="text-sm text-muted-foreground">{t("signUp.checkEmailBody", { email })}</p>
      {!emailSent && !resend.data && <FormAlert code="email/activation-failed" />}
      {resendFailed && <FormAlert code={resendFailed.error.code} retryAfterSeconds={retryAfterOf(resendFailed)} />}
      {resend.data?.ok && <FormAlert tone="success">{t("notices.activationSent")}</FormAlert>}
      <resend.Form method="post" action="/auth/sign-up">
        <input type="hidden" name="intent" value="resend-verification" />
        <SubmitButton variant="secondary" busy={resend.state !== "idle"}>
          {t("signUp.resend")}
        </SubmitButton>
      </resend.Form>
      <p className="text-sm">
        <StepLink step="sign-in" redirectTo={redirectTo} onStep={onStep}>
          {t("signUp.toSignIn")}
        </StepLink>
      </p>
    </div>
  );
}

export function SignUpForm({ redirectTo, onStep }: { redirectTo: string; onStep?: StepHandler }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthActionData>();
  const result = fetcher.data;
  const failed = result && !result.ok ? result : undefined;
  const { errors, formProps } = useForm({ schema: signUpForm, translate: useAuthWords(), serverErrors: failed?.error.fieldErrors });
  useResultToasts(failed);
  if (result?.ok && result.email) {
    return <CheckEmail email={result.email} emailSent={result.emailSent !== false} redirectTo={redirectTo} onStep={onStep} />;
  }
  return (
    <div className="flex flex-col gap-5">
      <ProviderButtons redirectTo={redirectTo} />
      <fetcher.Form method="post" action="/auth/sign-up" className="flex flex-col gap-4" {...formProps}>
        <FormAlert code={alertCode(failed)} retryAfterSeconds={retryAfterOf(failed)} />
        <TextField name="displayName" autoComplete="name" label={t("fields.displayName")} error={errors.displayName} />
        <TextField name="email" type="email" autoComplete="email" inputMode="email" label={t("fields.email")} error={errors.email} />
        <PasswordField name="password" autoComplete="new-password" label={t("fields.password")} hint={t("fields.passwordHint")} error={errors.password} />
        <PasswordField name="confirmPassword" autoComplete="new-password" label={t("fields.confirmPassword")} error={errors.confirmPassword} />
        <SubmitButton busy={fetcher.state !== "idle"}>{t("signUp.submit")}</SubmitButton>
      </fetcher.Form>
      <p className="text-center text-sm text-muted-foreground">
        {t("signUp.haveAccount")}{" "}
        <StepLink step="sign-in" redirectTo={redirectTo} onStep={onStep}>
          {t("signUp.signInLink")}
        </StepLink>
      </p>
    </div>
  );
}
