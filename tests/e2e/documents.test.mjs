// Documents in chat (decision 0031) in Chromium against the offline demo provider: attach a
// 30-page PDF, watch it being read, ask about a sentence on page 17, open the answer's `[p. 17]` in the side panel (the
// page drawn by pdfjs, the sentence marked in its text), find the file in the gallery's Files tab and delete it; the
// citation's name in Turkish.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { assertNoErrors, hydrated, signUpAndSignIn, toast, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();
const withPage = (body) => withSession(browser(), {}, body);

const SENTENCE = "The launch code is Zebra-17.";
const NAME = "quarterly-report.pdf";
const PDF = { name: NAME, mimeType: "application/pdf", buffer: Buffer.from(makePdf(numberedPages(30, { 17: SENTENCE }))) };

describe("documents in chat (demo provider)", () => {
  test("attach a PDF, ask about page 17, open the cited page, then find and delete the file in the gallery", async () => {
    await withPage(async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Dora Docs", landing: "/web-main" });
      const composer = page.locator("form").filter({ has: page.getByRole("textbox", { name: "Message" }) });
      await page.getByLabel(/^Attach (an image or )?a file/).setInputFiles(PDF);

      // The chip follows the reading; the message waits (and says why) until the file is read.
      const chip = composer.locator("[data-document-chip]");
      await chip.getByText(NAME).waitFor();
      await page.getByRole("textbox", { name: "Message" }).fill("What is the launch code?");
      const send = composer.getByRole("button", { name: "Send" });
      const reading = chip.getByText(/^Reading… \d+%$/);
      const ready = chip.getByText("Ready", { exact: true });
      // Reading is shown at least until the first poll, a second after the upload.
      await reading.waitFor();
      if (await reading.isVisible()) {
        assert.equal(await send.isDisabled(), true);
        await composer.getByText(`Waiting for ${NAME} to be read`).waitFor();
      }
      await ready.waitFor({ timeout: 30_000 });
      await chip.getByText("30 pages").waitFor();
      await send.click();

      // The answer quotes page 17 and cites it; the citation is a button named after the page.
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      const conversation = page.getByRole("list", { name: "Conversation" });
      await conversation.getByRole("button", { name: `Open ${NAME}` }).waitFor();
      const citation = conversation.getByRole("button", { name: `Open page 17 of ${NAME}` });
      await citation.waitFor({ timeout: 30_000 });
      assert.equal(await citation.textContent(), "[p. 17]");
      await conversation
        .getByText(/Zebra-17/)
        .first()
        .waitFor();

      // The side panel: page 17 drawn by pdfjs, and its text with the cited sentence marked.
      await citation.click();
      const panel = page.getByRole("dialog", { name: NAME });
      await panel.getByText("Page 17 of 30").waitFor();
      const canvas = panel.getByRole("img", { name: `Page 17 of ${NAME}, as printed` });
      await canvas.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 30_000 });
      const inked = await canvas.evaluate((element) => {
        const pixels = element.getContext("2d").getImageData(0, 0, element.width, element.height).data;
        let dark = 0;
        for (let index = 0; index < pixels.length; index += 4) if (pixels[index] < 128 && pixels[index + 3] > 0) dark++;
        return dark;
      });
      assert.ok(inked > 100, `dark pixels drawn on the page: ${inked}`);
      assert.match(await panel.locator("mark").textContent(), /The launch code is Zebra-17/);
      // Next and previous pages; the mark belongs to the cited page only.
      await panel.getByRole("button", { name: "Next page" }).click();
      await panel.getByText("Page 18 of 30").waitFor();
      await panel
        .locator("[data-page-text]")
        .getByText(/routine section 18/)
        .waitFor();
      assert.equal(await panel.locator("mark").count(), 0);
      await page.keyboard.press("Escape");
      await panel.waitFor({ state: "hidden" });
      const threadUrl = page.url();

      // Shared, the citation opens the cited page through the link (its text, the sentence marked; no file, no paging).
      await page.locator('ol[aria-label="Conversation"] > li:last-of-type[aria-busy="false"]').waitFor();
      await page.getByRole("button", { name: "Share", exact: true }).click();
      const shareDialog = page.getByRole("dialog", { name: "Share chat" });
      await shareDialog.getByRole("button", { name: "Create link" }).click();
      const link = await shareDialog.getByRole("textbox", { name: "Share link" }).inputValue();
      await page.keyboard.press("Escape");
      await page.goto(link);
      await hydrated(page);
      const sharedCitation = page.getByRole("list", { name: "Conversation" }).getByRole("button", { name: "Open the cited page 17" });
      assert.equal(await sharedCitation.textContent(), "[p. 17]");
      await sharedCitation.click();
      const sharedPanel = page.getByRole("dialog", { name: NAME });
      await sharedPanel.getByText("Page 17 of 30").waitFor();
      assert.match(await sharedPanel.locator("mark").textContent(), /The launch code is Zebra-17/);
      assert.equal(await sharedPanel.getByRole("button", { name: "Next page" }).count(), 0);
      assert.equal(await sharedPanel.getByRole("link", { name: "Download" }).count(), 0);
      await page.keyboard.press("Escape");

      // The gallery's Files tab lists it with its chat; deleting asks first, then the list and a toast say so.
      await page.goto("/gallery?tab=files");
      await hydrated(page);
      assert.equal(await page.getByRole("tab", { name: "Files" }).getAttribute("aria-selected"), "true");
      const files = page.getByRole("list", { name: "Your files" });
      const row = files.getByRole("listitem").filter({ hasText: NAME });
      await row.getByText(/30 pages · .* · Ready/).waitFor();
      assert.equal(new URL(await row.getByRole("link", { name: /^In / }).getAttribute("href"), threadUrl).pathname, new URL(threadUrl).pathname);
      const download = await row.getByRole("link", { name: `Download ${NAME}` }).getAttribute("href");
      const original = await page.request.get(download);
      assert.equal(original.headers()["content-type"], "application/pdf");
      assert.equal((await original.body()).subarray(0, 5).toString("latin1"), "%PDF-");
      await row.getByRole("button", { name: `Delete ${NAME}` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete this file?" });
      await confirm.getByRole("button", { name: "Delete file" }).click();
      await toast(page, "File deleted").waitFor();
      await page.getByText("No files yet — attach a PDF, Word or text file in a chat").waitFor();
      await page.reload();
      await page.getByRole("tab", { name: "Files" }).waitFor();
      await page.getByText("No files yet — attach a PDF, Word or text file in a chat").waitFor();
      assertNoErrors(errors, "documents in chat");
    });
  });

  test("tr: the citation names its page in Turkish", async () => {
    await withPage(async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Deniz Belge", landing: "/web-main" });
      await page.goto("/web-main?lng=tr");
      await hydrated(page);
      await page.getByLabel(/^(Görsel ya da dosya|Dosya) ekle/).setInputFiles(PDF);
      await page.getByText("Hazır", { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByRole("textbox", { name: "Mesaj" }).fill("Fırlatma kodu nedir? launch code");
      await page.getByRole("button", { name: "Gönder" }).click();
      await page.waitForURL(/\/web-main\/[^/?#]+/);
      const citation = page.getByRole("button", { name: `Sayfayı aç: ${NAME}, sayfa 17` });
      await citation.waitFor({ timeout: 30_000 });
      await citation.click();
      const panel = page.getByRole("dialog", { name: NAME });
      await panel.getByText("Sayfa 17 / 30").waitFor();
      assert.match(await panel.locator("mark").textContent(), /The launch code is Zebra-17/);
      assertNoErrors(errors, "documents in Turkish");
    });
  });

  test("a Markdown file holding HTML and script is shown in the panel as its text, its name as text too", async () => {
    await withPage(async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Hostile Notes", landing: "/web-main" });
      const name = "<img src=x onerror=alert(1)>.md";
      const markdown = '# Plan\n\n<script>window.__pwned = 1</script>\n\n<img src="x" onerror="window.__pwned = 2">\n\n**bold** [link](javascript:alert(1))';
      await page.getByLabel(/^Attach (an image or )?a file/).setInputFiles({ name, mimeType: "text/markdown", buffer: Buffer.from(markdown) });
      await page.getByText("Ready", { exact: true }).waitFor({ timeout: 30_000 });
      await page.goto("/gallery?tab=files");
      await hydrated(page);
      await page.getByRole("button", { name: `Open ${name}` }).click();
      const panel = page.getByRole("dialog", { name });
      const text = panel.locator("[data-page-text]");
      await text.getByText('<img src="x" onerror="window.__pwned = 2">').waitFor();
      assert.match(await text.textContent(), /<script>window\.__pwned = 1<\/script>/);
      assert.equal(await panel.locator("img, script, b, a[href^='javascript']").count(), 0);
      assert.equal(await page.evaluate(() => globalThis.__pwned ?? null), null);
      assertNoErrors(errors, "hostile Markdown");
    });
  });
});
