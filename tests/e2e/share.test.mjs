// Share and export in Chromium (decision 0015): a signed-up user asks a question, shares the thread from its header,
// opens the link in a signed-out browser and reads the question and answer without the owner's name, exports the thread
// as Markdown (a real download), then revokes the link under Settings › Account and the link answers 404.
/* global document -- only inside page.waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();

/** The demo answer's last sentence (locales/en/demo.json closing): all of the answer is on screen once it shows. */
const LAST_SENTENCE = "To get real answers";
const OWNER = "Sharing Owner";

describe("share and export", () => {
  test("share a thread, read it signed out without the owner's name, export it as Markdown, revoke it (404)", async () => {
    const owner = await openPage(browser());
    const visitor = await openPage(browser());
    try {
      const { page, errors } = owner;
      await signUpAndSignIn(page, { name: OWNER, landing: "/web-main" });
      await hydrated(page);
      const question = `How do tides work? share${Date.now().toString(36)}`;
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill(question);
      await box.press("Enter");
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      const answer = page.getByRole("list", { name: "Conversation" }).locator(":scope > li").last();
      await answer.getByText(LAST_SENTENCE).waitFor();
      // Finished, not only fully shown: the link's snapshot holds answers that ended (the last words come before that).
      await page.waitForFunction(() => document.querySelector('ol[aria-label="Conversation"] > li:last-of-type')?.getAttribute("aria-busy") === "false");

      // Share from the thread's header: the dialog makes the link, with the name hidden unless ticked.
      await page.getByRole("button", { name: "Share", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Share chat" });
      assert.equal(await dialog.getByRole("checkbox", { name: /Show my name/ }).isChecked(), false);
      await dialog.getByRole("button", { name: "Create link" }).click();
      const linkField = dialog.getByRole("textbox", { name: "Share link" });
      await linkField.waitFor();
      const link = await linkField.inputValue();
      assert.match(link, /\/share\/[A-Za-z0-9_-]{22}$/);
      await dialog.getByRole("button", { name: "Update link" }).waitFor();
      await page.keyboard.press("Escape");

      // Signed out, in another browser: the conversation as it was, without the owner's name.
      const shared = visitor.page;
      const opened = await shared.goto(link);
      assert.equal(opened.status(), 200);
      await hydrated(shared);
      await shared.getByRole("heading", { level: 1 }).waitFor();
      const conversation = shared.getByRole("list", { name: "Conversation" });
      const [asked, answered] = [conversation.locator(":scope > li").first(), conversation.locator(":scope > li").last()];
      await asked.getByText(question, { exact: true }).waitFor();
      await answered.getByText("Demo model", { exact: true }).waitFor();
      await answered.getByText(LAST_SENTENCE).waitFor();
      assert.ok(!(await shared.locator("body").innerText()).includes(OWNER), "the owner's name is not on the page");
      assert.equal(await shared.locator('meta[name="robots"]').getAttribute("content"), "noindex");
      // A shared link is often someone's first visit: its HTML names the markdown renderer (which the page needs before
      // it hydrates) with the page's other scripts (decision 0019). Found by content, not by chunk name.
      const preloaded = [...(await opened.text()).matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
      const preloadedTexts = await Promise.all(preloaded.map(async (href) => (await shared.request.get(href)).text()));
      assert.ok(
        preloadedTexts.some((text) => text.includes("remarkjs/react-markdown")),
        "the shared page does not preload the markdown renderer",
      );
      await shared.getByRole("link", { name: "Continue this chat" }).waitFor();
      assertNoErrors(visitor.errors, "the shared page");

      // Export as Markdown from the header's Export menu: a real file download holding the question.
      await page.getByRole("button", { name: "Export", exact: true }).click();
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Export as Markdown" }).click()]);
      assert.match(download.suggestedFilename(), /^how-do-tides-work-share[a-z0-9]+\.md$/);
      const markdown = await readFile(await download.path(), "utf8");
      assert.ok(markdown.startsWith("# How do tides work?"), markdown.slice(0, 80));
      assert.ok(markdown.includes("**You:**") && markdown.includes(question), "the question is in the file");

      // Revoke under Settings › Account: the link answers 404 from then on.
      await page.goto("/settings/account");
      await hydrated(page);
      const row = page.getByTestId("shared-link").filter({ hasText: "How do tides work?" });
      await row.getByRole("button", { name: /^Revoke/ }).click();
      await page.getByText("Link revoked. It no longer opens.").waitFor();
      await row.waitFor({ state: "detached" });
      assertNoErrors(errors, "the owner's pages");

      const gone = await shared.goto(link);
      assert.equal(gone.status(), 404);
      await shared.getByRole("heading", { name: "Page Not Found" }).waitFor();
    } finally {
      await Promise.all([owner.close(), visitor.close()]);
    }
  });
});
