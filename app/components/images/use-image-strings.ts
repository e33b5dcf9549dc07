import { useTranslation } from "react-i18next";

export interface ImageStringsData {
  locale: string;
  bundle: Record<string, unknown>;
}

/**
 * The "images" namespace from the gallery route's loader data, the last screen still sent its strings that way: every
 * other screen names its namespaces in its route's `handle` (`routeStrings`, decision 0019). Its move is pending (issue
 * 32); do not add a caller. Adding is synchronous and idempotent, so it is safe during render.
 */
export function useImageStrings(strings: ImageStringsData | null) {
  const { i18n } = useTranslation();
  if (strings && !i18n.hasResourceBundle(strings.locale, "images")) i18n.addResourceBundle(strings.locale, "images", strings.bundle, true, true);
  return useTranslation("images");
}
