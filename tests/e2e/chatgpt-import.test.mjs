// "Import from ChatGPT" in Chromium (decision 0040-import-chatgpt): a signed-up user chooses the fixture export's ZIP
// under Settings › Account, watches the import reach its end (written by the account's object on its alarm, run by
// wrangler dev), then finds an imported chat in the history under its original date's group and opens it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { chatgptExportZip } from "../fixtures/make-chatgpt-export.mjs";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();

describe("import from ChatGPT", () => {
  test("upload the export's ZIP, see the import done, open an imported chat from its date group", async () => {
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    try {
      await signUpAndSignIn(page, { name: "History Mover", landing: "/web-main" });
      await page.goto("/settings/account");
      await hydrated(page);
      const section = page.getByRole("region", { name: "Import from ChatGPT" });
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), section.getByRole("button", { name: "Import from ChatGPT" }).click()]);
      await chooser.setFiles({ name: "chatgpt-export.zip", mimeType: "application/zip", buffer: Buffer.from(chatgptExportZip()) });
      await section.getByText("Import finished: 3 chats added, 0 already imported.").waitFor({ timeout: 30_000 });

      // The chats are from 2024: the history lists them under "Other Days", with their own titles.
      await page.goto("/web-main");
      await hydrated(page);
      const older = page.locator("aside").locator('section[aria-label="Other Days"]');
      const link = older.getByRole("link", { name: "Trip to Kyoto" });
      await link.waitFor();
      await link.click();
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      const conversation = page.getByRole("list", { name: "Conversation" });
      await conversation.getByText("Visit the Kyoto National Museum and Nishiki Market.").waitFor();
      assert.equal(await conversation.getByText("Day one: discarded draft about Osaka.").count(), 0, "the regenerated-away answer is not shown");
      assertNoErrors(errors, "the ChatGPT import flow");
    } finally {
      await close();
    }
  });
});
