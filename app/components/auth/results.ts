// What the account actions answer and how a failure is told (an alert code and a toast per answer), shared by every
// auth form: its own module, so the passkey button under the sign-in form reads it without importing that form.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { retryAfterOf, type ErrorBody } from "~/lib/error-body";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";

/** What the auth actions answer (redirects aside): a success, or the one error body. */
export type AuthActionData = { ok: true; notice?: "activationSent"; email?: string; emailSent?: boolean } | ErrorBody;

/** The refusal to say in the form's alert: not "request/invalid", whose fields say what is wrong. */
export function alertCode(failed: ErrorBody | undefined): string | null {
  return failed && failed.error.code !== "request/invalid" ? failed.error.code : null;
}

/** Toasts an action's failure once per answer (the inline alert stays; the toast is the docs/product.md §8 notice). */
export function useResultToasts(data: AuthActionData | undefined) {
  const { t } = useTranslation("auth");
  const errorText = useErrorText();
  useEffect(() => {
    if (!data) return;
    if (!data.ok && alertCode(data)) notify("error", errorText(data.error.code, retryAfterOf(data)));
    if (data.ok && data.notice) notify("success", t(`notices.${data.notice}`));
  }, [data, t, errorText]);
}
