// Decision 0017: every page describes itself in its language and names its canonical and hreflang addresses on the
// configured origin.
import { describe, expect, it } from "vitest";
import { descriptionKey, seoTags, type SeoData } from "../../app/lib/meta";
import enSeo from "../../locales/en/seo.json";
import trSeo from "../../locales/tr/seo.json";

const en = { seo: enSeo };
const tr = { seo: trSeo };

const seo = (overrides: Partial<SeoData> = {}): SeoData => ({ origin: "https://assistant.example.com", urlLocale: null, descriptions: en.seo, ...overrides });

describe("descriptionKey", () => {
  it("maps each screen of docs/product.md §2 to its description", () => {
    expect(descriptionKey("/web-main/abc")).toBe("web-main");
    expect(descriptionKey("/ai-chat")).toBe("web-main");
    expect(descriptionKey("/horoscope/daily/t1")).toBe("horoscope");
    expect(descriptionKey("/settings/my-plan")).toBe("settings");
    expect(descriptionKey("/auth/sign-up")).toBe("auth/sign-up");
  });

  it("has a description for every screen key in both languages", () => {
    for (const path of [
      "/web-main",
      "/image-generation",
      "/logo-maker",
      "/photo-translate",
      "/tattoo-generator",
      "/horoscope",
      "/web-search",
      "/gallery",
      "/payment",
      "/settings/account",
      "/auth/login",
      "/auth/sign-up",
      "/auth/forgot-password",
    ]) {
      const key = descriptionKey(path) as keyof typeof en.seo;
      expect(en.seo[key], path).toBeTruthy();
      expect(tr.seo[key], path).toBeTruthy();
      expect(tr.seo[key]).not.toBe(en.seo[key]);
    }
  });
});

describe("seoTags", () => {
  it("gives the description, the canonical URL on the configured origin and en/tr/x-default alternates", () => {
    expect(seoTags(seo(), "/image-generation", { indexable: true })).toEqual([
      { name: "description", content: en.seo["image-generation"] },
      { tagName: "link", rel: "canonical", href: "https://assistant.example.com/image-generation" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://assistant.example.com/image-generation?lng=en" },
      { tagName: "link", rel: "alternate", hrefLang: "tr", href: "https://assistant.example.com/image-generation?lng=tr" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://assistant.example.com/image-generation" },
    ]);
  });

  it("a language's own address is its canonical, described in that language", () => {
    const tags = seoTags(seo({ urlLocale: "tr", descriptions: tr.seo }), "/web-main", { indexable: true });
    expect(tags[0]).toEqual({ name: "description", content: tr.seo["web-main"] });
    expect(tags[1]).toEqual({ tagName: "link", rel: "canonical", href: "https://assistant.example.com/web-main?lng=tr" });
  });

  it("a page that does not exist gets the general description and no canonical", () => {
    expect(seoTags(seo(), "/no/such/page", { indexable: false })).toEqual([{ name: "description", content: en.seo.default }]);
  });
});
