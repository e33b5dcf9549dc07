// The browser's strings, one script per language and namespace (decision 0019, "Strings by namespace"): a page loads
// the shell's and its routes' before it hydrates, an overlay its own when it first opens, and react-i18next asks
// this backend for any other a component names. The server has all of them (app/.server/i18n.ts).
import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import type { Locale } from "./constants";
import { isNamespace, type Namespace } from "./i18n";

type Strings = Record<string, unknown>;

// Each file its own chunk. The pattern names NAMESPACES (lib/i18n.ts): the tool namespaces travel with their pages' data.
const FILES = import.meta.glob<Strings>("../../locales/*/{common,errors,auth,chat,tools,settings,billing,gallery,whatsapp,documents}.json", {
  import: "default",
});

function loadNamespace(locale: string, namespace: string): Promise<Strings> {
  const load = FILES[`../../locales/${locale}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`strings: no ${locale}/${namespace}`));
  return load();
}

/** `namespaces` of one language, by name. */
export async function loadStrings(locale: Locale, namespaces: readonly Namespace[]): Promise<Record<string, Strings>> {
  const entries = await Promise.all(namespaces.map(async (namespace) => [namespace, await loadNamespace(locale, namespace)] as const));
  return Object.fromEntries(entries);
}

/** i18next's backend: what `useTranslation` asks for when a component names a namespace not loaded yet. */
export const stringsBackend: BackendModule = {
  type: "backend",
  init() {},
  read(locale, namespace, done) {
    loadNamespace(locale, namespace).then(
      (bundle) => done(null, bundle),
      (error: Error) => done(error, false),
    );
  },
};

/** The namespaces the browser holds for a language (the page's, plus any a screen or overlay has brought since). */
function loadedNamespaces(i18n: I18n, locale: string): Namespace[] {
  return Object.keys(i18n.store.data[locale] ?? {}).filter(isNamespace);
}

/**
 * Starts fetching an overlay's strings with its code, so its first opening waits for one round trip, not two.
 * Only in the browser: the server has every namespace.
 */
export function preloadStrings(namespaces: readonly Namespace[]) {
  if (typeof document === "undefined" || !i18next.isInitialized) return Promise.resolve();
  return i18next.loadNamespaces([...namespaces]);
}

/**
 * Switches the page to `locale` once every namespace it shows is there in that language, so no component renders its
 * keys (or waits) in between.
 */
export async function switchLanguage(locale: Locale) {
  if (i18next.language === locale) return;
  const missing = loadedNamespaces(i18next, i18next.language).filter((namespace) => !i18next.hasResourceBundle(locale, namespace));
  const strings = await loadStrings(locale, missing);
  for (const [namespace, bundle] of Object.entries(strings)) i18next.addResourceBundle(locale, namespace, bundle, true, true);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}
