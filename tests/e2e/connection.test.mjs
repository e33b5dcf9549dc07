// A network failure says so (docs/product.md §8 network-request-failed): a question sent while the browser is offline
// is not lost and not answered with "Something went wrong". The toast names the connection, the question stays in
// its box (or the tool's form stays filled in), and once the connection is back a toast offers to send it again,
// which sends it. In English on the chat and in Turkish on web search.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, toast, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();

const strings = (language, namespace) => JSON.parse(readFileSync(new URL(`../../locales/${language}/${namespace}.json`, import.meta.url), "utf8"));
/** Chromium logs each request it could not make while offline; that line is the browser's, not the app's. */
const isOfflineNoise = (line) => line.includes("net::ERR_INTERNET_DISCONNECTED");
/** The toast library arriving (found by content, not by chunk name), fetched on a person's first interaction. */
const toastLibraryFetched = (page) =>
  page.waitForResponse(async (response) => response.url().includes("/assets/") && (await response.text()).includes("data-sonner-toast"));

describe("a request that cannot reach the server", () => {
  test("en, chat: says you appear to be offline, keeps the question and offers sending it again when back online", async () => {
    const errorsEn = strings("en", "errors");
    await withPage(browser(), {}, async ({ page, context, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      const question = `Why is the sky blue? offline-${Date.now().toString(36)}`;
      const box = page.getByRole("textbox", { name: "Message" });
      // Starting to type fetches the toast library (found by content, not by chunk name), so a toast can still come
      // once the connection has gone; a person takes longer to type than that fetch does.
      const toastLibrary = toastLibraryFetched(page);
      await box.fill(question);
      await toastLibrary;

      await context.setOffline(true);
      await box.press("Enter");
      await toast(page, "You appear to be offline. Check your connection and try again.").waitFor();
      assert.equal(await toast(page, errorsEn["app/unknown"]).count(), 0, "not 'Something went wrong'");
      assert.equal(await box.inputValue(), question, "the question is back in its box");
      assert.equal(await page.getByRole("list", { name: "Conversation" }).count(), 0, "nothing half-sent stays on screen");

      await context.setOffline(false);
      const back = toast(page, "You're back online.");
      await back.getByRole("button", { name: "Send again" }).click();
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      await page.getByRole("list", { name: "Conversation" }).getByText(question, { exact: true }).waitFor();
      assertNoErrors(
        errors.filter((line) => !isOfflineNoise(line)),
        "sending offline",
      );
    });
  });

  test("tr, web search: the form stays filled in, the message is Turkish, and 'Yeniden gönder' starts the search", async () => {
    const search = strings("tr", "search");
    const errorsTr = strings("tr", "errors");
    const common = strings("tr", "common");
    await withPage(browser(), {}, async ({ page, context, errors }) => {
      await page.goto("/web-search?lng=tr");
      await hydrated(page);
      const form = page.getByRole("form");
      const subject = form.getByRole("textbox", { name: search.form.subject });
      // An empty send first: its field error shows the form's checks have loaded, so the offline send gets past them.
      const toastLibrary = toastLibraryFetched(page);
      await form.getByRole("button", { name: search.form.submit }).click();
      await form.getByText(search.validation.subjectShort).waitFor();
      await toastLibrary;
      await subject.fill("Ada Lovelace");

      await context.setOffline(true);
      await form.getByRole("button", { name: search.form.submit }).click();
      await toast(page, errorsTr["app/network-request-failed"]).waitFor();
      assert.equal(await toast(page, errorsTr["app/unknown"]).count(), 0);
      assert.equal(await subject.inputValue(), "Ada Lovelace", "the form is still filled in");

      await context.setOffline(false);
      await toast(page, common.connection.back).getByRole("button", { name: common.connection.sendAgain }).click();
      await page.waitForURL(/\/web-search\/[^/?#]+$/);
      assertNoErrors(
        errors.filter((line) => !isOfflineNoise(line)),
        "searching offline",
      );
    });
  });
});
