// Per-page <head> tags (decision 0017): the title, a translated description of the screen, the canonical URL on the
// configured public origin, and hreflang alternates for en and tr. The same URL serves both languages (the locale
// cookie), so each language's address is the page with `?lng=en|tr`, which the server honours.
import type { MetaDescriptor, MetaFunction } from "@remix-run/cloudflare";
import { LOCALES, type Locale } from "./constants";

export const BRAND = "Nova Assistant";

/** What the root loader gives every page's meta (see root.tsx). */
export interface SeoData {
  /** APP_ORIGIN (required in production); the request's own origin only outside production. */
  origin: string;
  /** The language the URL asked for with ?lng=, if any: that address is its own canonical. */
  urlLocale: Locale | null;
  /** This language's screen descriptions, keyed by descriptionKey (`locales/<lng>/seo.json`, read by the server only). */
  descriptions: Record<string, string>;
}

/** The description key of a path: the screen (first segment, or auth/<step>), else "default". */
export function descriptionKey(pathname: string): string {
  const [first = "", second = ""] = pathname.split("/").filter(Boolean);
  if (first === "ai-chat") return "web-main";
  return first === "auth" ? `auth/${second}` : first;
}

/** Absolute URL of `pathname` in `locale` (null: the language-neutral address, x-default). */
export function localizedUrl(origin: string, pathname: string, locale: Locale | null): string {
  return `${origin}${pathname}${locale ? `?lng=${locale}` : ""}`;
}

export function seoTags(seo: SeoData | undefined, pathname: string, options: { indexable: boolean }): MetaDescriptor[] {
  if (!seo) return [];
  const description = seo.descriptions[descriptionKey(pathname)] ?? seo.descriptions.default;
  const tags: MetaDescriptor[] = description ? [{ name: "description", content: description }] : [];
  // A page that does not exist has no address to point search engines at.
  if (!options.indexable) return tags;
  tags.push({ tagName: "link", rel: "canonical", href: localizedUrl(seo.origin, pathname, seo.urlLocale) });
  for (const locale of LOCALES) tags.push({ tagName: "link", rel: "alternate", hrefLang: locale, href: localizedUrl(seo.origin, pathname, locale) });
  tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(seo.origin, pathname, null) });
  return tags;
}

function rootSeo(matches: Parameters<MetaFunction>[0]["matches"]): SeoData | undefined {
  return (matches.find((match) => match.id === "root")?.data as { seo?: SeoData } | undefined)?.seo;
}

/**
 * Page title "<screen> · Nova Assistant" (the screen name is resolved by the route's loader in the user's
 * language) plus the description, canonical and hreflang tags.
 */
export const titleMeta: MetaFunction = ({ data, matches, location }) => {
  const title = (data as { title?: string } | undefined)?.title;
  const leaf = matches.at(-1)?.id;
  return [{ title: title ? `${title} · ${BRAND}` : BRAND }, ...seoTags(rootSeo(matches), location.pathname, { indexable: leaf !== "routes/$" })];
};
