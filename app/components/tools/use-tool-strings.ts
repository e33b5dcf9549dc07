import { useTranslation } from "react-i18next";

export interface ToolStringsData {
  namespace: string;
  locale: string;
  bundle: Record<string, unknown>;
}

/**
 * A tool's namespace arrives with its page's loader data (not in the bundle every page loads); add it to i18next
 * before anything reads it. Adding is synchronous and idempotent, so it is safe during render.
 */
export function useToolStrings(strings: ToolStringsData) {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle(strings.locale, strings.namespace)) i18n.addResourceBundle(strings.locale, strings.namespace, strings.bundle, true, true);
  return useTranslation(strings.namespace);
}
