// What the account actions answer and how a failure is told (a toast per answer), shared by every auth form.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "~/lib/error-text";
import { notify } from "~/lib/toast";
import type { FieldErrors } from "~/lib/schemas/auth";

/** What the auth actions answer (redirects aside). */
export type AuthActionData =
  | { ok: true; notice?: "activationSent"; email?: string; emailSent?: boolean }
  | { ok: false; error?: string; fieldErrors?: FieldErrors; retryAfterSeconds?: number };

/** Toasts an action's failure once per answer (the inline alert stays; the toast is the docs/product.md §8 notice). */
export function useResultToasts(data: AuthActionData | undefined) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  useEffect(() => {
    if (!data) return;
    if (!data.ok && data.error && data.error !== "request/invalid") notify("error", errorText(data.error, data.retryAfterSeconds));
    if (data.ok && data.notice) notify("success", t(`auth:notices.${data.notice}`));
  }, [data, t, errorText]);
}
