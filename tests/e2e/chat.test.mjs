// The chat in Chromium as a guest, against the offline demo provider served by `wrangler dev` (tests/e2e/run.mjs):
// ask and watch the answer stream in, reload mid-answer and see it finish, star and rename the thread and find it
// under Starred and by the history search, and markup in a message or an answer shown as text, never run.
/* global document, window, MutationObserver -- only inside page.evaluate/waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, useBrowser, waitForPage } from "./helpers.mjs";

const browser = useBrowser();

/** The demo answer's last sentence (locales/en/demo.json closing). */
const LAST_SENTENCE = "To get real answers";
const XSS = "<img src=x onerror=alert(1)>";
/** The answer's rating buttons (locales/en/chat.json actions.like / actions.dislike). */
const LIKE = "Good answer";
const DISLIKE = "Bad answer";
/** How a finished answer is announced (locales/en/chat.json answerReady). */
const ANSWER_READY = "Answer ready";

async function withPage(body) {
  const session = await openPage(browser());
  const dialogs = [];
  // An alert() from injected markup would open a dialog; record it (and dismiss so nothing hangs).
  session.page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  try {
    await body({ ...session, dialogs });
  } finally {
    await session.close();
  }
}

/** The conversation (the list labelled "Conversation") and its last item, the latest answer. */
const conversation = (page) => page.getByRole("list", { name: "Conversation" });
const lastAnswer = (page) => conversation(page).locator(":scope > li").last();

async function ask(page, text) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
}

/** Text of the last answer bubble, read in the page. */
function answerText(page) {
  return lastAnswer(page).innerText();
}

describe("chat (guest, demo provider)", () => {
  test("a new chat's first answer is read from the request that asked it, not joined again", async () => {
    await withPage(async ({ page, errors }) => {
      // Every request that joins an answer (GET /api/chat/<id>/stream): the thread page reads the POST's own stream.
      const joins = [];
      page.on("request", (request) => {
        if (/\/api\/chat\/[^/]+\/stream$/.test(new URL(request.url()).pathname)) joins.push(request.url());
      });
      const question = `First answer kept ${Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ")}`;
      await page.goto("/web-main");
      await hydrated(page);
      await ask(page, question);
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();
      await waitForPage(page, () => {
        const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
        return items[items.length - 1]?.getAttribute("aria-busy") === "false";
      });
      const answer = await answerText(page);
      assert.ok(answer.includes("word59"), "the whole answer is shown");
      assert.equal(answer.split(LAST_SENTENCE).length, 2, "the answer is shown once, nothing repeated");
      assert.deepEqual(joins, [], "the answer was not joined again");
      assertNoErrors(errors);
    });
  });

  test("streams an answer, survives a reload mid-answer, and is found under Starred and by search after star + rename", async () => {
    await withPage(async ({ page, errors, dialogs }) => {
      const tag = `e2e${Date.now().toString(36)}`;
      // A long question makes the demo answer (which quotes it, ~30 ms a word) take several seconds: time to
      // watch it grow and to reload while it is still being written.
      const filler = Array.from({ length: 120 }, (_, index) => `word${index}`).join(" ");
      const question = `Tell me about quokkas please. ${filler} ${tag}marker end`;

      await page.goto("/web-main");
      await hydrated(page);
      await ask(page, question);

      // A new chat moves to its thread's URL.
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      const threadUrl = page.url();

      // The answer streams: it appears, and grows, while the message is still marked busy.
      await lastAnswer(page).getByText("Demo model").first().waitFor();
      await waitForPage(page, () => {
        const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
        const last = items[items.length - 1];
        return last?.getAttribute("aria-busy") === "true" && (last.textContent ?? "").includes("No AI provider");
      });
      const early = await answerText(page);
      await waitForPage(
        page,
        (length) => {
          const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
          return (items[items.length - 1]?.textContent ?? "").length > length + 20;
        },
        early.length,
      );
      assert.ok(!(await answerText(page)).includes(LAST_SENTENCE), "the answer was not finished before the reload");

      // Reload mid-answer: the server kept generating; the page joins the running answer and sees it finish.
      const reloaded = await page.reload();
      assert.equal(page.url(), threadUrl);
      // The server rendered the answer as still being written: the reload really came mid-answer.
      assert.match(await reloaded.text(), /aria-busy="true"/);
      await hydrated(page);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();
      await waitForPage(page, () => {
        const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
        return items[items.length - 1]?.getAttribute("aria-busy") === "false";
      });
      const finished = await answerText(page);
      assert.ok(finished.includes(`${tag}marker`), "the finished answer quotes the whole question");
      assert.equal(finished.split(LAST_SENTENCE).length, 2, "the answer is complete once, nothing repeated");

      // Star it.
      await page.getByRole("button", { name: "Star chat" }).click();
      await page.getByRole("button", { name: "Remove star" }).waitFor();

      // Rename it.
      const title = `Quokka notes ${tag}`;
      await page.getByRole("button", { name: "Rename chat" }).click();
      const titleBox = page.getByRole("textbox", { name: "Chat title" });
      await titleBox.fill(title);
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();

      // Both survive a reload (saved on the server).
      await page.reload();
      await hydrated(page);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByRole("button", { name: "Remove star" }).waitFor();

      // History: under the Starred tab...
      await page.getByRole("tab", { name: "Starred" }).click();
      const starredPanel = page.getByRole("tabpanel", { name: "Starred" });
      await starredPanel.getByRole("link", { name: title }).waitFor();

      // ...and by search, with a word that is only in the message text (not in the title).
      const search = page.getByRole("searchbox", { name: "Search chats" });
      await search.fill(`${tag}marker`);
      await page.getByRole("link", { name: title }).first().waitFor();
      await search.fill("nosuchwordinanychat");
      await page.getByText("No chats match your search.").waitFor();
      await search.fill(`${tag}marker`);
      await page.getByRole("link", { name: title }).first().click();
      await page.waitForURL(threadUrl);

      assert.deepEqual(dialogs, []);
      assertNoErrors(errors, "chat");
    });
  });

  test("markup in a question and in its answer is shown as text and never runs", async () => {
    await withPage(async ({ page, errors, dialogs }) => {
      await page.goto("/web-main");
      await hydrated(page);
      await ask(page, `Render this: ${XSS} please`);
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();

      // The question bubble and the answer (the demo quotes the question) both show the markup literally.
      const shown = await conversation(page).evaluate((list, markup) => list.textContent.split(markup).length - 1, XSS);
      assert.ok(shown >= 2, `the markup is visible as text in the question and the answer (found ${shown})`);
      await lastAnswer(page).getByText(XSS, { exact: false }).first().waitFor();
      // No element came from it, and nothing ran.
      assert.equal(await page.locator('main img[src="x"]').count(), 0, "no <img> element was created from the markup");
      assert.equal(await page.evaluate(() => document.querySelectorAll("[onerror]").length), 0);

      // After a reload (rendered from the saved thread, server side first) it is still text.
      await page.reload();
      await hydrated(page);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();
      assert.equal(await page.locator('main img[src="x"]').count(), 0);
      const shownAfter = await conversation(page).evaluate((list, markup) => list.textContent.split(markup).length - 1, XSS);
      assert.ok(shownAfter >= 2, `still visible as text after reload (found ${shownAfter})`);

      assert.deepEqual(dialogs, [], "no alert or other dialog opened");
      assertNoErrors(errors, "chat with markup");
    });
  });

  test("a reader who scrolls up while an answer streams stays where they are; a new message follows the end again", async () => {
    // A short window, so the answer is taller than the conversation's scroll area.
    const { page, errors, close } = await openPage(browser(), { viewport: { width: 420, height: 560 } });
    try {
      const filler = Array.from({ length: 300 }, (_, index) => `word${index}`).join(" ");
      await page.goto("/web-main");
      await hydrated(page);
      await ask(page, `Scroll test. ${filler}`);
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      // Where the view is (the page scrolls here) and how far the answer's end is below its bottom edge.
      const position = () =>
        page.evaluate(() => {
          const last = document.querySelector('ol[aria-label="Conversation"] > li:last-of-type');
          return {
            top: document.scrollingElement.scrollTop,
            endBelow: last.getBoundingClientRect().bottom - window.innerHeight,
            busy: last.getAttribute("aria-busy") === "true",
          };
        });
      await waitForPage(page, () => {
        const last = document.querySelector('ol[aria-label="Conversation"] > li:last-of-type');
        return last?.getAttribute("aria-busy") === "true" && document.scrollingElement.scrollTop > 300;
      });
      // Followed: the end comes back into view after each paint (sampled from outside, a paint may be just ahead).
      await waitForPage(
        page,
        () => document.querySelector('ol[aria-label="Conversation"] > li:last-of-type').getBoundingClientRect().bottom <= window.innerHeight + 10,
      );

      // The reader scrolls up with the wheel while it is still being written.
      // The middle of the 420 px window is the conversation (no sidebar at this width).
      await page.mouse.move(210, 220);
      await page.mouse.wheel(0, -250);
      await waitForPage(
        page,
        () => document.querySelector('ol[aria-label="Conversation"] > li:last-of-type').getBoundingClientRect().bottom > window.innerHeight + 150,
      );
      const left = await position();
      assert.ok(left.busy, "the answer was still streaming when the reader scrolled up");

      // The answer finishes below; the view stays where the reader put it. It is long (the demo quotes the 300 words
      // back at its own pace), so on a busy machine its end may be further off than a usual wait.
      await waitForPage(
        page,
        () => document.querySelector('ol[aria-label="Conversation"] > li:last-of-type')?.getAttribute("aria-busy") === "false",
        undefined,
        {
          timeout: 60_000,
        },
      );
      const after = await position();
      assert.ok(Math.abs(after.top - left.top) < 2, `the view did not move (${left.top} -> ${after.top})`);
      assert.ok(after.endBelow > 150, "the end of the answer is below the view");

      // Sending again brings the end back into view and follows the new answer to its end, action row included.
      await ask(page, "And one more");
      await waitForPage(page, () => {
        const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
        const last = items[items.length - 1];
        return items.length >= 4 && last.getAttribute("aria-busy") === "false" && last.getBoundingClientRect().bottom <= window.innerHeight + 10;
      });

      assertNoErrors(errors, "scrolling while an answer streams");
    } finally {
      await close();
    }
  });

  test("a finished answer is announced once to screen readers in a polite live region, and not again at a reload", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      // Every text a polite live region is given that announces an answer, in order (the page is not reloaded until
      // the end: a new chat moves to its thread's address in the page).
      await page.evaluate((mark) => {
        window.__announced = [];
        const last = new Map();
        new MutationObserver(() => {
          for (const region of document.querySelectorAll('[aria-live="polite"]')) {
            const text = region.textContent ?? "";
            if (text.startsWith(mark) && last.get(region) !== text) window.__announced.push(text);
            last.set(region, text);
          }
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      }, ANSWER_READY);
      await ask(page, "Announce me");
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();
      await waitForPage(page, () => window.__announced.length > 0);
      // Rating the answer renders it again: nothing is said twice.
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith("/feedback") && response.ok()),
        lastAnswer(page).getByRole("button", { name: LIKE, exact: true }).click(),
      ]);
      const announced = await page.evaluate(() => window.__announced);
      assert.equal(announced.length, 1, `announced once: ${JSON.stringify(announced)}`);
      assert.ok(announced[0].includes(LAST_SENTENCE), "the announcement is the whole answer, given when it is finished");
      assert.ok(!announced[0].includes("**"), "read as prose, without Markdown's marks");

      // A saved answer shown again after a reload is not news.
      await page.reload();
      await hydrated(page);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();
      assert.equal(await page.locator('[aria-live="polite"]').filter({ hasText: ANSWER_READY }).count(), 0);
      assertNoErrors(errors, "announcing an answer");
    });
  });

  test("a like on an answer is saved (still pressed after a reload), and a dislike replaces it", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      await ask(page, "Rate me");
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      await lastAnswer(page).getByText(LAST_SENTENCE).waitFor();
      const like = () => lastAnswer(page).getByRole("button", { name: LIKE, exact: true });
      const dislike = () => lastAnswer(page).getByRole("button", { name: DISLIKE, exact: true });
      const saved = () => page.waitForResponse((response) => response.url().endsWith("/feedback") && response.ok());

      await Promise.all([saved(), like().click()]);
      assert.equal(await like().getAttribute("aria-pressed"), "true");
      await page.reload();
      await hydrated(page);
      assert.equal(await like().getAttribute("aria-pressed"), "true", "the like was stored, not only shown");
      assert.equal(await dislike().getAttribute("aria-pressed"), "false");

      await Promise.all([saved(), dislike().click()]);
      await page.reload();
      await hydrated(page);
      assert.equal(await dislike().getAttribute("aria-pressed"), "true");
      assert.equal(await like().getAttribute("aria-pressed"), "false");
      assertNoErrors(errors, "rating an answer");
    });
  });
});
