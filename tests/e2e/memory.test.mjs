// Memory (decision 0027) in a real browser: tell the assistant where you live, see it under Settings › Memory, edit it, start a new
// chat and see it used, turn memory off and see it not used, delete all; a temporary chat leaves no thread after a
// reload, and its photo and file are removed when it ends; a document's "I live in Atlantisburg. My name is Mallory."
// saves nothing, and "Save to memory?" learns from what the person wrote only (decision 0027). The demo provider
// extracts "I live in …" and lists the memories it was given in its answer.
import assert from "node:assert/strict";
/* global document -- only inside callbacks that run in the browser */
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();
const PHOTO = fileURLToPath(new URL("../fixtures/photo-translate-sign.png", import.meta.url));
const NOTE = { name: "passing-note.txt", mimeType: "text/plain", buffer: Buffer.from("A passing note: the ferry leaves at nine.") };
const ANSWER_TIMEOUT_MS = 90_000;

/** Sends a question from the chat's box and waits until its answer has ended; returns the answer's element. */
async function ask(page, question) {
  await page.getByRole("textbox", { name: "Message" }).fill(question);
  await page.getByRole("button", { name: "Send" }).click();
  await page.waitForFunction(
    (asked) => {
      const items = [...document.querySelectorAll('ol[aria-label="Conversation"] > li')];
      const last = items[items.length - 1];
      const question = items[items.length - 2];
      return (question?.textContent ?? "").includes(asked) && last?.getAttribute("aria-busy") === "false" && (last.textContent ?? "").includes("Demo model");
    },
    question,
    { timeout: ANSWER_TIMEOUT_MS },
  );
  return page.locator('ol[aria-label="Conversation"] > li').last();
}

async function newChat(page) {
  await page.goto("/web-main");
  await hydrated(page);
}

describe("memory you can see and edit", () => {
  test("learnt from a chat, shown and edited in Settings › Memory, used in a new chat, not used when off, deleted", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Memory Person", landing: "/web-main" });
      await ask(page, "Hello there! I live in İzmir.");
      // The turn's memory job runs on the queue; the note under the answer says what it saved, with a link.
      await page.getByRole("link", { name: "Memory updated: Lives in İzmir" }).click();
      await page.waitForURL((url) => url.pathname === "/settings/memory");
      await hydrated(page);
      const item = page.getByRole("listitem").filter({ hasText: "Lives in İzmir" });
      await item.waitFor();

      await page.getByRole("button", { name: "Edit: Lives in İzmir" }).click();
      await page.getByRole("textbox", { name: "Edit memory" }).fill("Lives in İzmir, near the sea");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("listitem").filter({ hasText: "Lives in İzmir, near the sea" }).waitFor();

      await newChat(page);
      const used = await ask(page, "What could I do this weekend?");
      assert.match(await used.innerText(), /Lives in İzmir, near the sea/, "the demo answer lists the memory it was given");
      await used.getByText("Memory used").click();
      await used.getByTestId("memory-note").getByRole("listitem").filter({ hasText: "Lives in İzmir, near the sea" }).waitFor();

      await page.goto("/settings/memory");
      await hydrated(page);
      const memorySwitch = page.getByRole("switch", { name: "Use and save memory" });
      assert.equal(await memorySwitch.getAttribute("aria-checked"), "true");
      // The switch turns at once; the reload waits for its save, as a person's next page would follow it.
      const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/memory" && response.request().method() === "POST");
      await memorySwitch.click();
      await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute("aria-checked") === "false");
      assert.equal((await saved).status(), 200);
      await page.reload();
      await hydrated(page);
      assert.equal(await page.getByRole("switch", { name: "Use and save memory" }).getAttribute("aria-checked"), "false", "the switch is kept");

      await newChat(page);
      const unused = await ask(page, "Any ideas for dinner tonight?");
      assert.doesNotMatch(await unused.innerText(), /near the sea|Memory used/, "no memory is sent with memory off");

      await page.goto("/settings/memory");
      await hydrated(page);
      await page.getByRole("button", { name: "Delete all" }).click();
      await page.getByRole("button", { name: "Yes, delete all" }).click();
      await page.getByText("Nothing saved yet.").waitFor();
      assert.equal(await page.getByRole("listitem").filter({ hasText: "Lives in İzmir" }).count(), 0);
      assertNoErrors(errors, "memory");
    });
  });

  test("a turn with a document saves nothing by itself; 'Save to memory?' learns from what the person wrote only", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Letter Reader", landing: "/web-main" });
      const letter = { name: "letter.txt", mimeType: "text/plain", buffer: Buffer.from("I live in Atlantisburg. My name is Mallory.") };
      await page.getByLabel(/^Attach (an image or )?a file/).setInputFiles(letter);
      const composer = page.locator("form").filter({ has: page.getByRole("textbox", { name: "Message" }) });
      await composer.locator("[data-document-chip]").getByText("Ready", { exact: true }).waitFor({ timeout: 30_000 });
      const answer = await ask(page, "My name is Ayşe. Please quote the letter back to me.");
      assert.match(await answer.innerText(), /My name is Mallory/, "the demo answer quotes the letter");
      const save = answer.getByRole("button", { name: "Save to memory?" });
      await save.waitFor();
      assert.equal(await answer.getByRole("link", { name: /^Memory updated/ }).count(), 0, "nothing was saved by itself");
      await save.click();
      await answer.getByRole("link", { name: "Memory updated: Name is Ayşe" }).click();
      await page.waitForURL((url) => url.pathname === "/settings/memory");
      await hydrated(page);
      // The memory list (its rows have an Edit button); the conversation just left may still be on the page a moment.
      await page.getByRole("button", { name: "Edit: Name is Ayşe" }).waitFor();
      assert.equal(await page.getByRole("button", { name: /^Edit: / }).count(), 1, "one memory, from what the person wrote");
      assert.equal(await page.getByRole("button", { name: /^Edit: .*(Atlantisburg|Mallory)/ }).count(), 0, "nothing from the letter is remembered");
      assertNoErrors(errors, "save to memory");
    });
  });

  test("a temporary chat answers, then leaves no thread after a reload", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Temporary Person", landing: "/web-main" });
      await page.getByRole("switch", { name: "Temporary chat" }).click();
      await page.getByText("it is gone when you close or reload this tab", { exact: false }).waitFor();
      const question = "A passing thought about lighthouses";
      await ask(page, question);
      assert.equal(new URL(page.url()).pathname, "/web-main", "a temporary chat opens no thread page");
      await page.reload();
      await hydrated(page);
      assert.equal(await page.locator('ol[aria-label="Conversation"] > li').count(), 0, "the conversation is gone");
      assert.equal(await page.locator("aside").getByRole("link", { name: question }).count(), 0, "no thread in the history");
      assertNoErrors(errors, "temporary chat");
    });
  });

  test("a temporary chat's photo and file are gone, and not under Files, once it ends", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Passing Person", landing: "/web-main" });
      await page.getByRole("switch", { name: "Temporary chat" }).click();
      const attach = async (file) => {
        const uploaded = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/uploads");
        await page.getByLabel(/^Attach (an image or )?a file/).setInputFiles(file);
        return (await (await uploaded).json()).id;
      };
      const photoId = await attach(PHOTO);
      await page.getByRole("img", { name: "Attached image" }).waitFor();
      await ask(page, "What does this sign say?");
      const noteId = await attach(NOTE);
      await page.getByText("Ready", { exact: true }).waitFor({ timeout: 30_000 });
      await ask(page, "When does the ferry leave?");
      assert.equal((await page.request.get(`/media/uploads/${photoId}`)).status(), 200, "the photo is there while the chat lasts");

      // Switching the temporary chat off ends it: the page asks the server to remove what it attached.
      const ended = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/uploads/temporary");
      await page.getByRole("switch", { name: "Temporary chat" }).click();
      assert.equal((await ended).status(), 200);
      assert.equal((await page.request.get(`/media/uploads/${photoId}`)).status(), 404, "the photo is gone");
      assert.equal((await page.request.get(`/api/documents/${noteId}`)).status(), 404, "the file is gone");

      await page.goto("/gallery?tab=files");
      await hydrated(page);
      await page.getByText("No files yet — attach a PDF, Word or text file in a chat").waitFor();
      assert.equal(await page.getByText(NOTE.name).count(), 0, "nothing of the temporary chat under Files");
      assertNoErrors(errors, "temporary chat attachments");
    });
  });
});
