// The horoscope and web search tools in Chromium as a guest, against the offline demo provider served by
// `wrangler dev` (tests/e2e/run.mjs): the type choice asks for a type, a daily horoscope for a sign streams a
// reading that names the moon phase shown in the sky facts, and a web search says it needs an OpenAI key.
/* global window, document, MutationObserver -- only inside page.waitForFunction/addInitScript callbacks, which run in the browser */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, useBrowser, waitForPage, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

const withPage = (body) => withSession(browser(), {}, body);

const conversation = (page) => page.getByRole("list", { name: "Conversation" });
const lastAnswer = (page) => conversation(page).locator(":scope > li").last();

/** Waits until the last answer has finished streaming (its item is no longer aria-busy) and has text. */
async function answerFinished(page) {
  await waitForPage(page, () => {
    const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
    const last = items[items.length - 1];
    return last && last.getAttribute("aria-busy") !== "true" && (last.textContent ?? "").length > 200;
  });
  return lastAnswer(page).innerText();
}

describe("horoscope and web search (guest, demo provider)", () => {
  test("asks for a type, then streams a daily reading that names today's moon phase", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/horoscope");
      await hydrated(page);
      // docs/product.md §5: continuing without a type.
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("alert").filter({ hasText: "Please select a horoscope type." }).waitFor();
      await page.getByLabel("Horoscope type").selectOption("daily");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(/\/horoscope\/daily$/);
      await hydrated(page);

      const phase = (await page.getByTestId("moon-phase").innerText()).trim();
      assert.ok(phase.length > 3, `a moon phase is shown (got "${phase}")`);

      // The sign is required.
      await page.getByRole("button", { name: "Get my reading" }).click();
      await page.getByText("Please choose a zodiac sign").waitFor();
      await page.getByLabel("Your zodiac sign").selectOption("leo");
      await page.getByRole("button", { name: "Get my reading" }).click();

      // The reading becomes a thread under its type and streams in.
      await page.waitForURL(/\/horoscope\/daily\/[^/?#]+$/);
      await lastAnswer(page).getByText("Demo model").first().waitFor();
      const reading = await answerFinished(page);
      assert.match(reading, /Leo/);
      assert.ok(reading.toLowerCase().includes(phase.toLowerCase()), `the reading names today's moon phase "${phase}":\n${reading}`);
      await conversation(page).getByText("Daily horoscope · Leo").waitFor();

      // Reopening the thread shows the saved reading; a follow-up box continues it.
      await page.reload();
      await hydrated(page);
      assert.ok((await lastAnswer(page).innerText()).toLowerCase().includes(phase.toLowerCase()));
      await page.getByRole("textbox", { name: "Message" }).waitFor();
      assertNoErrors(errors, "the horoscope");
    });
  });

  test("a web search says it needs an OpenAI key and invents nothing", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/web-search");
      await hydrated(page);
      await page.getByLabel("Person or topic").fill("Ada Lovelace");
      await page.getByLabel("Education").check();
      await page.getByRole("button", { name: "Search the web" }).click();
      await page.waitForURL(/\/web-search\/[^/?#]+$/);
      const answer = await answerFinished(page);
      assert.match(answer, /Web search needs an OpenAI API key/);
      assert.match(answer, /Sources/);
      assertNoErrors(errors, "web search");
    });
  });

  test("an image tool shows the stored model from its first visible label, never the default first", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/image-generation");
      await hydrated(page);
      const picker = page.getByRole("button", { name: /^Model: / });
      const before = (await picker.locator(".font-medium").innerText()).trim();
      await picker.click();
      // A model a visitor may use (no lock), other than the one shown.
      const other = page.getByRole("radio", { checked: false }).filter({ hasNotText: "Pro" }).first();
      const chosen = (await other.locator(".font-medium").first().innerText()).trim();
      assert.notEqual(chosen, before);
      await other.click();
      await picker.filter({ hasText: chosen }).waitFor();

      // From the first byte of the reloaded page, note each model name a person could see (the picker's label while
      // it is not hidden), including the server's HTML before any script has run.
      await page.addInitScript(() => {
        window.__shownModels = [];
        const note = () => {
          for (const label of document.querySelectorAll("button[aria-haspopup=dialog] > .sr-only + .font-medium")) {
            const button = label.parentElement;
            const text = label.textContent.trim();
            if (button.classList.contains("invisible") || window.__shownModels.at(-1) === text) continue;
            window.__shownModels.push(text);
          }
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      await page.reload();
      await hydrated(page);
      await picker.filter({ hasText: chosen }).waitFor();
      assert.deepEqual(await page.evaluate(() => window.__shownModels), [chosen]);
      assertNoErrors(errors, "the image tool's model");
    });
  });
});
