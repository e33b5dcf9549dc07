import { DEFAULT_LOCALE, LOCALES, type Locale } from "./constants";

export const NAMESPACES = [
  "common",
  "errors",
  "auth",
  "chat",
  "tools",
  "settings",
  "billing",
  "gallery",
  "whatsapp",
  "images",
  "horoscope",
  "search",
  "documents",
  // Features' own strings, loaded by the routes and overlays that show them, so the chat screen's first visit does
  // not carry them (decision 0044): the project pages and dialogs, the share dialog and shared page, the model
  // picker's descriptions, voice mode's panel, the schedules' page, form, rows and proposal card (with the e-mail,
  // delivery and unsubscribe texts the server reads).
  "projects",
  "share",
  "models",
  "voice",
  "schedules",
  // The demo provider's answers: read by the server only, never loaded by a page.
  "demo",
  // The pages' meta descriptions: read by the server only (the root's data carries them to `meta`), never loaded by a page.
  "seo",
  // Deep research's exported report (Markdown and PDF): read by the server only, in the report's own language.
  "report",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The strings every page loads before it hydrates (the root route's `handle.i18n`). The others come with the route or
 * overlay that shows them (its `handle.i18n`, or `useTranslation` suspending until they arrive): decision 0019.
 */
export const SHELL_NAMESPACES = ["common", "errors"] as const satisfies readonly Namespace[];

export const i18nConfig = {
  supportedLngs: [...LOCALES],
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: "common",
  ns: [...NAMESPACES],
  interpolation: { escapeValue: false },
  // A component whose namespace has not arrived waits (a navigation keeps the screen it leaves, an overlay shows
  // nothing yet) instead of rendering its keys. The server has every namespace, so it never waits.
  react: { useSuspense: true },
} as const;

export function toLocale(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? "") ? (value as Locale) : DEFAULT_LOCALE;
}

export function isNamespace(value: unknown): value is Namespace {
  return (NAMESPACES as readonly unknown[]).includes(value);
}

/**
 * A route's `handle` naming the namespaces its screen shows beyond the shell's: the layout preloads them and
 * entry.client loads them before hydrating (remix-i18next's `handle.i18n`).
 */
/**
 * An element whose screen needs namespaces its route's handle cannot name (one `$pathId` of several) carries them in
 * this attribute, space-separated; entry.client loads them before hydrating, as it loads the handles' (decision 0019).
 */
export const STRINGS_MARKER = "data-strings";

export function routeStrings(...namespaces: Namespace[]) {
  return { i18n: namespaces };
}
