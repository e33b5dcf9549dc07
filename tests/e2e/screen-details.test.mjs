// Small things a person notices, each seen in Chromium: the microphone's three errors (docs/product.md §8),
// "Could not fetch credits", the request to turn a phone upright, the "Loading your content" overlay of a slow page,
// and the prompt suggestions of the empty chat. English and Turkish, each language's own words from locales/.
/* global window -- only inside addInitScript callbacks, which run in the browser */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, toast, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();

const strings = (language, namespace) => JSON.parse(readFileSync(new URL(`../../locales/${language}/${namespace}.json`, import.meta.url), "utf8"));

/**
 * Run in the page before its scripts: the browser's microphone answers with the error `name` when asked (what a
 * person's browser does when they deny it, have none, or it fails), and speech recognition exists, so the composer
 * offers voice input as in Chrome.
 */
function answerMicrophoneWith(name) {
  window.webkitSpeechRecognition ??= class {
    start() {}
    stop() {}
  };
  Object.defineProperty(window.navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: () => Promise.reject(new DOMException("microphone", name)) },
  });
}

describe("microphone errors (docs/product.md §8)", () => {
  const cases = [
    ["NotAllowedError", "microphone/denied"],
    ["NotFoundError", "microphone/not-found"],
    ["NotReadableError", "microphone/failed"],
  ];
  for (const language of ["en", "tr"]) {
    for (const [errorName, code] of cases) {
      test(`${language}: a microphone answering ${errorName} says "${strings(language, "errors")[code]}"`, async () => {
        await withPage(browser(), {}, async ({ page, errors }) => {
          await page.addInitScript(answerMicrophoneWith, errorName);
          await page.goto(`/web-main?lng=${language}`);
          await hydrated(page);
          await page.getByRole("button", { name: strings(language, "chat").voice.start, exact: true }).click();
          await toast(page, strings(language, "errors")[code]).waitFor();
          assertNoErrors(errors, `microphone ${errorName}`);
        });
      });
    }
  }
});

describe("credits that cannot be fetched", () => {
  for (const language of ["en", "tr"]) {
    test(`${language}: the credits line says "${strings(language, "errors")["credits/fetch-failed"]}"`, async () => {
      await withPage(browser(), {}, async ({ page, errors }) => {
        await page.route("**/api/credits", (route) =>
          route.fulfill({ status: 503, json: { ok: false, error: { code: "credits/fetch-failed", message: "" } } }),
        );
        await page.goto(`/web-main?lng=${language}`);
        await hydrated(page);
        const composer = page.locator("form").filter({ has: page.getByRole("textbox", { name: strings(language, "chat").composer.label }) });
        await composer.getByText(strings(language, "errors")["credits/fetch-failed"], { exact: true }).waitFor();
        assertNoErrors(
          errors.filter((line) => !/status of 503/.test(line)),
          "credits unavailable",
        );
      });
    });
  }
});

describe("a phone held sideways", () => {
  for (const language of ["en", "tr"]) {
    test(`${language}: is asked to turn upright, and the request goes when it is`, async () => {
      const message = strings(language, "common").orientation.message;
      await withPage(browser(), { viewport: { width: 780, height: 360 }, isMobile: true, hasTouch: true }, async ({ page, errors }) => {
        await page.goto(`/web-main?lng=${language}`);
        await hydrated(page);
        const warning = page.getByRole("alert").filter({ hasText: message });
        await warning.waitFor();
        await page.setViewportSize({ width: 360, height: 780 });
        await warning.waitFor({ state: "detached" });
        assertNoErrors(errors, "orientation");
      });
    });
  }
});

describe("a page that takes long to load", () => {
  for (const language of ["en", "tr"]) {
    test(`${language}: shows "${strings(language, "common").loading}" until it has loaded`, async () => {
      const common = strings(language, "common");
      await withPage(browser(), { viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
        await page.goto(`/web-main?lng=${language}`);
        await hydrated(page);
        // The next page's data is held back until the overlay has been seen, then let through.
        let release;
        const held = new Promise((resolve) => {
          release = resolve;
        });
        await page.route(/\/gallery\.data/, async (route) => {
          await held;
          await route.continue();
        });
        await page.getByRole("link", { name: common.nav.gallery, exact: true }).click();
        const overlay = page.getByRole("status").filter({ hasText: common.loading });
        await overlay.waitFor();
        release();
        await page.waitForURL((url) => url.pathname === "/gallery" || url.pathname === "/auth/login");
        await overlay.waitFor({ state: "detached" });
        assertNoErrors(errors, "slow page");
      });
    });
  }
});

describe("prompt suggestions", () => {
  for (const language of ["en", "tr"]) {
    test(`${language}: each suggestion puts its prompt in the message box`, async () => {
      const chat = strings(language, "chat");
      await withPage(browser(), {}, async ({ page, errors }) => {
        await page.goto(`/web-main?lng=${language}`);
        await hydrated(page);
        const suggestions = page.getByRole("list", { name: chat.suggestionsLabel });
        const box = page.getByRole("textbox", { name: chat.composer.label, exact: true });
        const entries = Object.values(chat.suggestions);
        assert.equal(await suggestions.getByRole("button").count(), entries.length);
        for (const { label, prompt } of entries) {
          await suggestions.getByRole("button", { name: label, exact: true }).click();
          assert.equal(await box.inputValue(), prompt);
        }
        assertNoErrors(errors, "suggestions");
      });
    });
  }
});
