// The translated message of an error code (docs/product.md §8). When the server said how long to wait (Retry-After, or
// retryAfterSeconds in an action's answer), the message says it: "Too many attempts. Try again in 3 minutes."
// Codes with a wait have an `<code>_wait` translation (i18next context) taking {{wait}}; others ignore it.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** The part of i18next's `t` used here (any namespace's `t` fits, since keys carry their `errors:` namespace). */
type Translate = (key: string, options?: { context: string; wait: string }) => string;

/** "in 3 minutes" / "3 dakika sonra": seconds under a minute, minutes under an hour, then hours, always rounded up. */
export function formatWait(seconds: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), "minute");
  return format.format(Math.ceil(seconds / 3600), "hour");
}

/** A Retry-After header or retryAfterSeconds value as seconds, or null when there is no usable wait. */
export function retryAfterSeconds(value: string | number | null | undefined): number | null {
  const seconds = typeof value === "number" ? value : Number(value ?? "");
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export function errorText(t: Translate, locale: string, code: string, retryAfter?: string | number | null): string {
  const wait = retryAfterSeconds(retryAfter);
  if (wait === null) return t(`errors:${code}`);
  return t(`errors:${code}`, { context: "wait", wait: formatWait(wait, locale) });
}

/** `errorText` in the page's language, for components. */
export function useErrorText(): (code: string, retryAfter?: string | number | null) => string {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback((code: string, retryAfter?: string | number | null) => errorText(t, locale, code, retryAfter), [t, locale]);
}
