// "Download my data" in Chromium (decision 0018): a signed-up user asks one question and makes one picture, presses
// "Download my data" under Settings › Account, watches it prepared by the data-exports queue consumer (run by
// wrangler dev), downloads the ZIP from the link the page shows and finds the question and the picture inside.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { strFromU8, unzipSync } from "fflate";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();

/** The demo answer's last sentence (locales/en/demo.json closing): the answer is complete once it shows. */
const LAST_SENTENCE = "To get real answers";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("download my data", () => {
  test("ask a question, make a picture, press Download my data, download the ZIP and find both in it", async () => {
    const { page, errors, close } = await openPage(browser(), { acceptDownloads: true });
    try {
      await signUpAndSignIn(page, { name: "Data Owner", landing: "/web-main" });
      await hydrated(page);
      const question = `Why is the sky blue? export${Date.now().toString(36)}`;
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill(question);
      await box.press("Enter");
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      await page.getByRole("list", { name: "Conversation" }).locator(":scope > li").last().getByText(LAST_SENTENCE).waitFor();

      // One creation, made by the image-jobs consumer, so the archive has a picture from R2.
      await page.goto("/image-generation");
      await hydrated(page);
      const prompt = `A red kite over the sea ${Date.now().toString(36)}`;
      await page.getByLabel("Describe the image").fill(prompt);
      await page.getByRole("button", { name: "Generate image" }).click();
      await page.getByRole("article", { name: prompt }).locator("img").first().waitFor({ timeout: 30_000 });

      await page.goto("/settings/account");
      await hydrated(page);
      const section = page.getByRole("region", { name: "Download my data" });
      await section.getByText(/One ZIP file of your chats/).waitFor();
      await section.getByRole("button", { name: "Download my data" }).click();
      await page.getByText("We are preparing your data.", { exact: false }).waitFor();
      // Progress (or, on a fast machine, already the link) is shown while the consumer works.
      const link = section.getByRole("link", { name: /^Download ZIP \(/ });
      await link.waitFor({ timeout: 30_000 });
      await section.getByText("Your data is ready.").waitFor();

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      assert.equal(download.suggestedFilename(), `nova-data-${new Date().toISOString().slice(0, 10)}.zip`);
      const files = unzipSync(new Uint8Array(await readFile(await download.path())));
      const names = Object.keys(files);
      const chat = names.find((name) => /^chats\/.*why-is-the-sky-blue.*\.md$/.test(name));
      assert.ok(chat, `the chat is in the archive: ${names.join(", ")}`);
      assert.ok(strFromU8(files[chat]).includes(question), "the question is in the chat's file");
      const picture = names.find((name) => /^creations\/.*\.png$/.test(name));
      assert.ok(picture, `the picture is in the archive: ${names.join(", ")}`);
      assert.deepEqual([...files[picture].subarray(0, 8)], PNG_SIGNATURE);
      const creations = JSON.parse(strFromU8(files["creations/creations.json"]));
      assert.equal(creations[0].description, prompt);
      assert.equal(JSON.parse(strFromU8(files["account.json"])).name, "Data Owner");
      assertNoErrors(errors, "the data export flow");
    } finally {
      await close();
    }
  });
});
