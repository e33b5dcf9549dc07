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

/**
 * Where a form's field messages live: a locale namespace's table per language (the server's own, or one a module
 * loads itself, as the image tools, horoscope and web search do) and, inside it, the path holding its `validation` keys.
 */
export type ValidationMessages = { tables: Record<Locale, object>; under?: string };

/** One of the server's own namespaces (`resources`) as per-language tables. */
export function serverNamespace(namespace: keyof (typeof resources)["en"]): Record<Locale, object> {
  return { en: resources.en[namespace], tr: resources.tr[namespace] };
}

/** The string at a dotted path of a locale table, if there is one. */
function lookUp(table: unknown, path: string): string | undefined {
  const found = path
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), table);
  return typeof found === "string" ? found : undefined;
}

/**
 * A form's problems (each field's `validation.*` key, as lib/schemas/field-errors.ts gives them) as texts in `locale`:
 * each key looked up in `<namespace>:<under>`, falling back to that table's `validation.invalid` and then to the
 * generic "request/invalid" message, so a field never shows a raw key. Every error body's fieldErrors are these texts.
 */
export function fieldMessages(locale: Locale, keys: Record<string, string>, messages: ValidationMessages): Record<string, string> {
  const table = messages.tables[locale];
  const at = (key: string) => lookUp(table, messages.under ? `${messages.under}.${key}` : key);
  const generic: string = resources[locale].errors["request/invalid"];
  return Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, at(key) ?? at("validation.invalid") ?? generic]));
}
