// The installable, offline-capable app (decision 0017) in Chromium against the built worker: the service
// worker registers and takes control, a navigation without network shows the offline page in the page's language
// with the last-opened chat readable, the desktop sidebar hides and shows (button and shortcut) and stays as left
// after a reload, and pages carry a translated description, a canonical URL and hreflang alternates.
/* global document, caches -- only inside page.evaluate/waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BASE_URL, assertNoErrors, hydrated, storageItem, useBrowser, waitForPage, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

const withPage = (options, body) => withSession(browser(), options, body);

/** What the service worker keeps for the offline page (its "nova-state" cache), read from the page. */
function workerState(page, key) {
  return page.evaluate(async (name) => {
    const response = await (await caches.open("nova-state")).match(name);
    return response ? response.json() : null;
  }, key);
}

/**
 * Waits until the worker's stored `key`, as JSON, contains every one of `needles`. The worker writes its state after a
 * message from the page, with no event the page could wait for, so this polls (bounded) in the page.
 */
function untilWorkerState(page, key, needles) {
  return page.evaluate(
    async ({ name, parts }) => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const response = await (await caches.open("nova-state")).match(name);
        const text = response ? await response.text() : "";
        if (parts.every((part) => text.includes(part))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`service worker state ${name} never contained ${parts.join(", ")}`);
    },
    { name: key, parts: needles },
  );
}

/** Chromium logs a failed navigation request as a console error while offline; that is the point of the test. */
const isOfflineNoise = (line) => line.includes("net::ERR_INTERNET_DISCONNECTED");

describe("service worker and offline page", () => {
  test("registers, controls the page after a reload, and offline shows the translated offline page with the last chat", async () => {
    await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page, context, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      // Registration must not depend on catching the window's load event (it has fired by the time the app runs).
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.equal(scope, `${BASE_URL}/`);
      await page.reload();
      await hydrated(page);
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL), `${BASE_URL}/sw.js`);

      // A chat to find offline: ask, wait for the thread's URL and the finished demo answer.
      const question = `Offline quokka question ${Date.now().toString(36)}`;
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill(question);
      await box.press("Enter");
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      const threadPath = new URL(page.url()).pathname;
      // The demo answer is finished (its closing sentence is there and it is no longer marked busy).
      await waitForPage(page, () => {
        const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
        const last = items[items.length - 1];
        return items.length >= 2 && last?.getAttribute("aria-busy") !== "true" && (last?.textContent ?? "").includes("To get real answers");
      });
      // The worker keeps the finished conversation (the app tells it again when the answer ends).
      await untilWorkerState(page, "/__sw/last-chat", [`"url":"${threadPath}"`, question, "To get real answers"]);
      assert.equal((await workerState(page, "/__sw/locale")) ?? "en", "en");

      await context.setOffline(true);
      await page.goto("/gallery");
      await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
      await page.getByRole("heading", { level: 2, name: new RegExp(`^Your last opened chat: ${question}`) }).waitFor();
      // The conversation is readable: the question and the (demo) answer, as text.
      await page.getByText(question, { exact: false }).last().waitFor();
      await page.getByText("To get real answers", { exact: false }).first().waitFor();
      assert.equal(await page.getByRole("link", { name: "Open this chat when you are back online" }).getAttribute("href"), threadPath);

      // In Turkish once the page has said so (here by the language's own address, ?lng=tr).
      await context.setOffline(false);
      await page.goto("/web-main?lng=tr");
      await hydrated(page);
      await untilWorkerState(page, "/__sw/locale", ['"tr"']);
      await context.setOffline(true);
      await page.goto("/image-generation");
      await page.getByRole("heading", { level: 1, name: "Çevrimdışısınız" }).waitFor();
      await page.getByRole("heading", { level: 2, name: /^Son açtığınız sohbet/ }).waitFor();
      await context.setOffline(false);
      assertNoErrors(
        errors.filter((line) => !isOfflineNoise(line)),
        "service worker and offline page",
      );
    });
  });
});

describe("desktop sidebar", () => {
  test("hides and shows by button and Ctrl+Shift+S, and stays hidden after a reload", async () => {
    await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
      const toolLink = () => page.getByRole("link", { name: "Image Generator", exact: true });
      await page.goto("/web-main");
      await hydrated(page);
      const hide = page.getByRole("button", { name: "Hide sidebar", exact: true });
      assert.equal(await hide.getAttribute("aria-expanded"), "true");
      assert.equal(await hide.getAttribute("aria-controls"), "inner-sidebar");
      assert.match((await hide.getAttribute("title")) ?? "", /Ctrl\+Shift\+S/);
      await hide.click();
      const show = page.getByRole("button", { name: "Show sidebar", exact: true });
      await show.waitFor();
      assert.equal(await show.getAttribute("aria-expanded"), "false");
      assert.equal(await toolLink().count(), 0, "the sidebar's links are hidden");
      assert.equal(await storageItem(page, "sidebar"), "closed");

      // The server renders it closed from the first byte: checked before any script could change it.
      const response = await page.request.get("/web-main");
      const html = await response.text();
      assert.match(html, /aria-label="Show sidebar"/);
      await page.reload();
      await hydrated(page);
      await show.waitFor();
      assert.equal(await toolLink().count(), 0, "still hidden after a reload");

      await page.keyboard.press("Control+Shift+S");
      await toolLink().waitFor();
      assert.equal(await page.getByRole("button", { name: "Hide sidebar", exact: true }).getAttribute("aria-expanded"), "true");
      assert.equal(await storageItem(page, "sidebar"), "open");
      assertNoErrors(errors, "sidebar toggle");
    });
  });
});

describe("search engines", () => {
  test("a page has a translated description, a canonical URL and en/tr/x-default alternates", async () => {
    await withPage({}, async ({ page, errors }) => {
      const head = () =>
        page.evaluate(() => ({
          description: document.querySelector('meta[name="description"]')?.getAttribute("content"),
          canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
          alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
            link.getAttribute("hreflang"),
            link.getAttribute("href"),
          ]),
        }));
      await page.goto("/image-generation");
      const english = await head();
      assert.match(english.description ?? "", /image generator/i);
      // No APP_ORIGIN under the e2e server: outside production the app's own origin stands in (never in production).
      assert.equal(english.canonical, `${BASE_URL}/image-generation`);
      assert.deepEqual(english.alternates, [
        ["en", `${BASE_URL}/image-generation?lng=en`],
        ["tr", `${BASE_URL}/image-generation?lng=tr`],
        ["x-default", `${BASE_URL}/image-generation`],
      ]);

      await page.goto("/image-generation?lng=tr");
      await hydrated(page);
      const turkish = await head();
      assert.match(turkish.description ?? "", /görsel oluşturucu/i);
      assert.equal(turkish.canonical, `${BASE_URL}/image-generation?lng=tr`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), "tr");
      // The language's address became the visitor's choice: storage agrees with the page, no flip back to English.
      assert.equal(await storageItem(page, "locale"), "tr");
      await page.goto("/gallery");
      assert.equal(await page.evaluate(() => document.documentElement.lang), "tr");
      assertNoErrors(errors, "meta tags");
    });
  });
});
