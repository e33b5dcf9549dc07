// A refusal that knows its wait says it, in both languages (decision 0012): "Too many attempts. Try again in 3 minutes."
import i18next from "i18next";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/errors.json";
import tr from "../../locales/tr/errors.json";
import { FormAlert } from "../../app/components/auth/fields";
import { errorText, formatWait } from "../../app/lib/error-text";

async function translator(locale: "en" | "tr") {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: "en",
    ns: ["errors"],
    defaultNS: "errors",
    resources: { en: { errors: en }, tr: { errors: tr } },
    interpolation: { escapeValue: false },
  });
  return instance;
}

describe("error messages with a wait", () => {
  it("say how long to wait, rounded up to seconds, minutes or hours", () => {
    expect(formatWait(8, "en")).toBe("in 8 seconds");
    expect(formatWait(170, "en")).toBe("in 3 minutes");
    expect(formatWait(60, "en")).toBe("in 1 minute");
    expect(formatWait(5 * 3600 - 30, "en")).toBe("in 5 hours");
    expect(formatWait(170, "tr")).toBe("3 dakika sonra");
  });

  it("tell a person locked out of sign-in when to try again, in English and Turkish", async () => {
    const english = await translator("en");
    const turkish = await translator("tr");
    expect(errorText(english.t, "en", "auth/too-many-requests", 170)).toBe("Too many attempts. Try again in 3 minutes.");
    expect(errorText(turkish.t, "tr", "auth/too-many-requests", "8")).toBe("Çok fazla deneme yapıldı. 8 saniye sonra tekrar deneyin.");
    // Without a known wait the plain docs/product.md §8 message stays, and codes without a wait form ignore one.
    expect(errorText(english.t, "en", "auth/too-many-requests", null)).toBe(en["auth/too-many-requests"]);
    expect(errorText(english.t, "en", "auth/invalid-credential", 30)).toBe("Invalid credential");
  });

  it("are what the auth forms' alert shows", async () => {
    const english = await translator("en");
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n: english }, createElement(FormAlert, { code: "auth/too-many-requests", retryAfterSeconds: 840 })),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("Too many attempts. Try again in 14 minutes.");
  });
});
