// The auth and settings forms' fields, on the app's one Field (components/ui/field.tsx): an error is the text to show
// (lib/use-form.ts holds every form's errors as texts).
import { Eye, EyeOff, Loader2 } from "lucide-react";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "~/lib/error-text";
import { Field } from "../ui/field";
import { Button } from "~/components/ui/button";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  /** The text to show. */
  error?: string;
  hint?: string;
  trailing?: ReactNode;
}

export function TextField({ name, label, error, hint, trailing, className = "", ...input }: FieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={`flex flex-col gap-1.5 ${className}`}>
      {(wiring) => (
        <div className="relative">
          <input
            {...wiring}
            name={name}
            className={`w-full rounded-md border bg-background px-3 py-2 text-sm outline-none transition-colors focus-visible:border-primary aria-[invalid=true]:border-danger ${trailing ? "pr-10" : ""}`}
            {...input}
          />
          {trailing}
        </div>
      )}
    </Field>
  );
}

export function PasswordField(props: Omit<FieldProps, "type" | "trailing">) {
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <Button
          type="button"
          onClick={() => setVisible((value) => !value)}
          variant="unstyled"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
          aria-pressed={visible}
          title={t(visible ? "fields.hidePassword" : "fields.showPassword")}
        >
          <span className="sr-only">{t(visible ? "fields.hidePassword" : "fields.showPassword")}</span>
          {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        </Button>
      }
    />
  );
}

/** The translated docs/product.md §8 message of a failed action (with the wait, when the answer gave one), announced to screen readers. */
export function FormAlert({
  code,
  retryAfterSeconds,
  tone = "error",
  children,
}: {
  code?: string | null;
  /** The wait the refusal asked for (lib/error-body.ts retryAfterOf). */
  retryAfterSeconds?: string | number | null;
  tone?: "error" | "success";
  children?: ReactNode;
}) {
  const errorText = useErrorText();
  if (!code && !children) return null;
  const classes =
    tone === "error" ? "border-danger/40 bg-danger/5 text-danger" : "border-emerald-600/40 bg-emerald-600/5 text-emerald-700 dark:text-emerald-400";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${classes}`}>
      {code ? errorText(code, retryAfterSeconds) : null}
      {children}
    </div>
  );
}

export function SubmitButton({
  busy,
  children,
  variant = "primary",
  name,
  value,
}: {
  busy: boolean;
  children: ReactNode;
  variant?: "primary" | "secondary" | "danger";
  name?: string;
  value?: string;
}) {
  return (
    <Button type="submit" name={name} value={value} disabled={busy} aria-busy={busy || undefined} variant={variant} size="md">
      {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

/** An account page: its heading and description (`auth:<copy>.title`, `.description`), then the form. */
export function AuthScreen({
  copy,
  children,
}: {
  copy: "login" | "signUp" | "forgotPassword" | "emailLink" | "resetPassword" | "twoStep";
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t(`${copy}.title`)}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t(`${copy}.description`)}</p>
      </div>
      {children}
    </div>
  );
}
