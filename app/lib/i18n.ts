import { DEFAULT_LOCALE, LOCALES, type Locale } from "./constants";

export const NAMESPACES = ["common", "errors", "auth", "chat", "tools", "settings", "billing", "gallery", "whatsapp"] as const;

export const i18nConfig = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;

export function toLocale(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? "") ? (value as Locale) : DEFAULT_LOCALE;
}

/** Loads one language's strings; Vite splits each language into its own chunk so a page loads only its own. */
export function loadLocaleResources(locale: Locale) {
  return locale === "tr" ? import("../../locales/tr").then((module) => module.default) : import("../../locales/en").then((module) => module.default);
}
