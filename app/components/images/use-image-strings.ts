import { useTranslation } from "react-i18next";

export interface ImageStringsData {
  locale: string;
  bundle: Record<string, unknown>;
}

/**
 * The "images" namespace arrives with the page's loader data (not in the bundle every page loads); add it to
 * i18next before anything reads it. Adding is synchronous and idempotent, so it is safe during render. A page that
 * needs it only sometimes (the coffee reading's photo field) passes null otherwise.
 */
export function useImageStrings(strings: ImageStringsData | null) {
  const { i18n } = useTranslation();
  if (strings && !i18n.hasResourceBundle(strings.locale, "images")) i18n.addResourceBundle(strings.locale, "images", strings.bundle, true, true);
  return useTranslation("images");
}
