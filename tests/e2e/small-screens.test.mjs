// Nothing cut on a phone: at 320 and 390 px wide, in English and in Turkish (whose strings run longer),
// every line of the composer, the tool forms, the settings tabs (also with a fourth tab) and the dialogs fits or
// wraps. "Cut" is what a person would miss: an element whose content is wider than its box while that box hides or
// scrolls the rest (scrollWidth beyond clientWidth), or anything reaching past the edge of the screen.
/* global document, getComputedStyle -- only inside evaluate callbacks, which run in the browser */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();

const WIDTHS = [320, 390];
const LANGUAGES = ["en", "tr"];
const TOOL_FORMS = [
  "/web-search",
  "/image-generation",
  "/photo-translate",
  "/logo-maker",
  "/tattoo-generator",
  "/horoscope/daily",
  "/horoscope/tarot",
  "/horoscope/coffee",
  "/horoscope/compatibility",
  "/horoscope/birth-chart",
];
const SETTINGS = ["/settings/account", "/settings/login-connection", "/settings/my-plan", "/settings/memory"];

/** A namespace's strings as the page shows them, so each language is driven by its own visible words. */
const strings = (language, namespace) => JSON.parse(readFileSync(new URL(`../../locales/${language}/${namespace}.json`, import.meta.url), "utf8"));

/** Every element under the located roots (and the roots) whose text is cut, described for the failure message. */
function cutText(locator) {
  return locator.evaluateAll((roots) => {
    const found = [];
    const screenWidth = document.documentElement.clientWidth;
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll("*")]) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (style.display === "none" || style.visibility === "hidden" || box.width === 0) continue;
        // Text meant for screen readers only is a 1 px clipped box by design.
        if (style.position === "absolute" && box.width <= 1) continue;
        const hides = style.overflowX !== "visible";
        const cut = hides && element.scrollWidth > element.clientWidth + 1;
        const offScreen = box.right > screenWidth + 1 || box.left < -1;
        if (cut || offScreen) {
          const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 70);
          found.push(
            `<${element.tagName.toLowerCase()}> ${cut ? `${element.scrollWidth}px of text in ${element.clientWidth}px` : `reaches ${Math.round(box.right)}px of ${screenWidth}px`}: "${text}"`,
          );
        }
      }
    }
    return found;
  });
}

async function assertNothingCut(locator, where) {
  await locator.first().waitFor();
  assert.deepEqual(await cutText(locator), [], `text cut in ${where}`);
}

const phone = (width) => ({ viewport: { width, height: 760 }, isMobile: true, hasTouch: true });

describe("small screens: nothing cut at 320 and 390 px", () => {
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      test(`${language} ${width} px: the composer with its credits line, the tool forms and the chat's dialogs`, async () => {
        const chat = strings(language, "chat");
        const common = strings(language, "common");
        await withPage(browser(), phone(width), async ({ page, errors }) => {
          await page.goto(`/web-main?lng=${language}`);
          await hydrated(page);
          const composer = page.locator("form").filter({ has: page.getByRole("textbox", { name: chat.composer.label, exact: true }) });
          // The credits line is there, with its cost and refill time (the line that used to stop mid-word).
          await composer.getByTestId("credits").waitFor();
          await assertNothingCut(composer, `the composer (${language}, ${width} px)`);

          // The model list, then the upgrade dialog a visitor gets for a Pro model.
          await page.getByRole("button", { name: new RegExp(`^${chat.model.label}: `) }).click();
          const models = page.getByRole("dialog", { name: chat.model.choose });
          await assertNothingCut(models, `the model dialog (${language}, ${width} px)`);
          await models.getByRole("radio", { name: /^gpt-4o\b(?!-)/ }).click();
          const upgrade = page.getByRole("dialog");
          await assertNothingCut(upgrade, `the upgrade dialog (${language}, ${width} px)`);
          await page.keyboard.press("Escape");
          await upgrade.waitFor({ state: "detached" });

          // The menu drawer, and the sign-in dialog opened from it.
          await page.getByRole("button", { name: common.nav.openMenu, exact: true }).click();
          const drawer = page.getByRole("dialog");
          await assertNothingCut(drawer, `the menu drawer (${language}, ${width} px)`);
          await drawer.getByRole("link", { name: common.nav.signIn, exact: true }).click();
          const signIn = page.getByRole("dialog").filter({ has: page.getByLabel(strings(language, "auth").fields.password, { exact: true }) });
          await assertNothingCut(signIn, `the sign-in dialog (${language}, ${width} px)`);

          for (const path of TOOL_FORMS) {
            await page.goto(path);
            await hydrated(page);
            await assertNothingCut(page.locator("main form"), `the form of ${path} (${language}, ${width} px)`);
          }
          assertNoErrors(errors, `${language} ${width} px`);
        });
      });
    }
  }

  test("settings: the tabs (also with a fourth) and their pages, in both languages at both widths", async () => {
    const owner = await openPage(browser());
    let signedIn;
    try {
      await signUpAndSignIn(owner.page, { name: "Small Screen Reader", landing: "/settings/account" });
      signedIn = await owner.context.storageState();
    } finally {
      await owner.close();
    }
    for (const language of LANGUAGES) {
      const settings = strings(language, "settings");
      for (const width of WIDTHS) {
        await withPage(browser(), { ...phone(width), storageState: signedIn }, async ({ page, errors }) => {
          for (const path of SETTINGS) {
            await page.goto(`${path}?lng=${language}`);
            await hydrated(page);
            await assertNothingCut(page.locator("main"), `${path} (${language}, ${width} px)`);
          }
          // A fourth tab (a memory tab is planned) with a long name still fits: the bar wraps instead of hiding it.
          const tabs = page.getByRole("navigation", { name: settings.tabsLabel });
          await tabs.evaluate((nav) => {
            const list = nav.querySelector("ul");
            const extra = list.lastElementChild.cloneNode(true);
            extra.querySelector("a").textContent = "Bellek ve kişiselleştirme";
            list.append(extra);
          });
          await assertNothingCut(tabs, `the settings tabs with a fourth tab (${language}, ${width} px)`);
          assertNoErrors(errors, `settings ${language} ${width} px`);
        });
      }
    }
  });
});
