import { RemixI18Next } from "remix-i18next/server";
import en from "../../locales/en";
import tr from "../../locales/tr";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../lib/constants";
import { localeFromCookie } from "../lib/cookies";
import { i18nConfig } from "../lib/i18n";

export const resources = { en, tr };

/**
 * Language comes from the `locale` preference (cookie mirrored from localStorage), or from a `?lng=en|tr` in the URL,
 * which is how the hreflang alternates address each language of the same page (decision 0017). docs/product.md §3 makes English
 * the default, so Accept-Language is deliberately not consulted (docs/decisions/0004-locale-detection.md).
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    findLocale: async (request) => getLocale(request),
  },
  i18next: { ...i18nConfig, resources },
});

/** The language a URL asks for with `?lng=` (hreflang alternates), or null when it asks for none it supports. */
export function localeFromUrl(request: Request): Locale | null {
  const value = new URL(request.url).searchParams.get("lng");
  return (LOCALES as readonly string[]).includes(value ?? "") ? (value as Locale) : null;
}

export function getLocale(request: Request): Locale {
  return localeFromUrl(request) ?? localeFromCookie(request.headers.get("Cookie"));
}
