// Deep research in Chromium (decision 0043), in English and Turkish, with the demo provider:
// switch on "Deep research", edit the proposed plan (change, remove, add an item), start, close the tab while it runs
// in the account's object, reopen the thread and see the report with its sources as links, the demo's gone page and
// misquoted page marked "could not be checked" and no other, and download its Markdown export.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, recordErrors, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();

const WORDS = {
  en: {
    switch: "Deep research",
    question: "Your research question",
    propose: "Propose a plan",
    item: (n) => `Plan item ${n}`,
    remove: (n) => `Remove item ${n}`,
    add: "Add item",
    start: "Start research",
    progress: "Research progress",
    cancel: "Cancel",
    sources: "Sources",
    exportMd: "Export Markdown",
    unchecked: "could not be checked",
  },
  tr: {
    switch: "Derin araştırma",
    question: "Araştırma sorunuz",
    propose: "Plan öner",
    item: (n) => `Plan maddesi ${n}`,
    remove: (n) => `${n}. maddeyi sil`,
    add: "Madde ekle",
    start: "Araştırmayı başlat",
    progress: "Araştırma durumu",
    cancel: "İptal",
    sources: "Kaynaklar",
    exportMd: "Markdown olarak dışa aktar",
    unchecked: "doğrulanamadı",
  },
};

describe("deep research", () => {
  for (const language of ["en", "tr"]) {
    test(`${language}: plan, edit, start, close the tab, reopen, read the report and its sources`, async () => {
      const words = WORDS[language];
      const { context, page, errors } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
      try {
        await signUpAndSignIn(page, { name: "Deep Researcher", landing: "/web-main" });
        if (language === "tr") {
          await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Türkçe" });
          await page.getByRole("link", { name: "Görsel Oluşturucu", exact: true }).waitFor();
        }
        await page.goto("/web-search");
        await hydrated(page);
        const main = page.getByRole("main");
        await main.getByRole("switch", { name: words.switch }).click();
        await main.getByLabel(words.question).fill("Electric cargo bikes in cities");
        await main.getByRole("button", { name: words.propose }).click();
        const items = main.getByRole("listitem");
        await items.first().waitFor();
        const proposed = await items.count();
        assert.ok(proposed >= 3 && proposed <= 8, `3 to 8 items proposed, got ${proposed}`);

        await main.getByLabel(words.item(1), { exact: true }).fill("Which cities have the most cargo bikes?");
        await main.getByRole("button", { name: words.remove(proposed) }).click();
        await main.getByRole("button", { name: words.add }).click();
        await main.getByLabel(words.item(proposed), { exact: true }).fill("What do delivery firms report?");
        assert.equal(await items.count(), proposed);

        await main.getByRole("button", { name: words.start }).click();
        await page.waitForURL(/\/web-search\/[^/?#]+$/);
        const threadUrl = page.url();
        const progress = page.getByRole("status", { name: words.progress });
        await progress.waitFor();
        await progress.getByRole("button", { name: words.cancel }).waitFor();

        // Close the tab while it runs; the account's object carries on.
        await page.close();
        const reopened = await context.newPage();
        const reopenedErrors = recordErrors(reopened);
        await reopened.goto(threadUrl);
        await hydrated(reopened);
        const report = reopened.getByRole("main");
        await report.getByRole("heading", { name: words.sources, exact: true }).waitFor({ timeout: 60_000 });
        await report.getByRole("heading", { name: "Which cities have the most cargo bikes?" }).waitFor();
        await report.getByRole("heading", { name: "What do delivery firms report?" }).waitFor();
        const source = report.getByRole("link", { name: "An overview of the topic" });
        assert.equal(await source.getAttribute("href"), "https://research-demo.invalid/overview");
        assert.ok((await report.getByRole("link", { name: /research-demo|An |A short history/ }).count()) >= 4);
        const exportMd = report.getByRole("link", { name: words.exportMd });
        assert.match((await exportMd.getAttribute("href")) ?? "", /^\/api\/research\/[^/]+\/export\?format=md$/);
        // The demo's page gone by check time and its misquoted page, and only those, could not be checked.
        // (Innermost items only: the thread's messages are list items too.)
        const unchecked = report
          .getByRole("listitem")
          .filter({ hasText: words.unchecked })
          .filter({ hasNot: reopened.getByRole("listitem") });
        assert.equal(await unchecked.count(), 2);
        assert.equal(await unchecked.getByRole("link").nth(0).getAttribute("href"), "https://research-demo.invalid/archived-report");
        assert.equal(await unchecked.getByRole("link").nth(1).getAttribute("href"), "https://research-demo.invalid/opinion");
        const [download] = await Promise.all([reopened.waitForEvent("download"), exportMd.click()]);
        assert.match(download.suggestedFilename(), /\.md$/);
        const markdown = await readFile(await download.path(), "utf8");
        assert.ok(markdown.includes(`## ${words.sources}`), "the export lists the sources");
        assert.ok(markdown.includes("## Which cities have the most cargo bikes?"), "the export has the edited plan's section");
        assert.equal(markdown.split(`*(${words.unchecked})*`).length - 1, 2, "the export marks the two unchecked sources");
        assertNoErrors(errors, `deep research (${language})`);
        assertNoErrors(reopenedErrors, `deep research reopened (${language})`);
      } finally {
        await context.close();
      }
    });
  }
});
