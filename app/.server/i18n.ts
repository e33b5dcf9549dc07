import { RemixI18Next } from "remix-i18next/server";
import en from "../../locales/en";
import tr from "../../locales/tr";
import { DEFAULT_LOCALE, LOCALES } from "../lib/constants";
import { localeFromCookie } from "../lib/cookies";
import { i18nConfig } from "../lib/i18n";

export const resources = { en, tr };

/**
 * Language comes only from the `locale` preference (cookie mirrored from localStorage). SPEC §3 makes English
 * the default, so Accept-Language is deliberately not consulted (docs/decisions/0004-locale-detection.md).
 */
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    findLocale: async (request) => localeFromCookie(request.headers.get("Cookie")),
  },
  i18next: { ...i18nConfig, resources },
});

export function getLocale(request: Request) {
  return localeFromCookie(request.headers.get("Cookie"));
}
