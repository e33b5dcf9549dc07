// Decision 0017 in a real browser: history is grouped by the viewer's own calendar day. A chat is made, then the
// development clock (/dev/clock) moves the app's "now" to just after midnight in Istanbul (UTC+3) while it is still
// the same day in UTC (or the other way round, whichever the hour of the run allows): a browser in Europe/Istanbul
// and one in UTC must then put the same chat under different groups.
import assert from "node:assert/strict";
/* global document -- only inside callbacks that run in the browser */
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();
const DAY_MS = 86_400_000;
const ANSWER_TIMEOUT_MS = 90_000;
const LABELS = { today: "Today", previous7: "Previous 7 Days" };

/** The calendar day of an instant in a zone, from Node's own tz database (independent of the app's code). */
function dayIn(zone, epochMs) {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(epochMs);
  const part = (type) => Number(parts.find((entry) => entry.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day")) / DAY_MS;
}

const groupIn = (zone, chatAt, now) => (dayIn(zone, now) - dayIn(zone, chatAt) <= 0 ? "today" : "previous7");

/**
 * A moment at least 15 minutes after `chatAt` (the clock only moves forward, by 0.01 day at least) where the chat's
 * group differs between Istanbul and UTC: 21:30 UTC (00:30 in Istanbul) or 00:30 UTC (03:30 in Istanbul).
 */
function splittingMoment(chatAt) {
  for (let day = 0; day < 2; day++) {
    for (const hour of [21.5, 24.5]) {
      const moment = (Math.floor(chatAt / DAY_MS) + day) * DAY_MS + hour * 3_600_000;
      if (moment - chatAt < 15 * 60_000) continue;
      if (groupIn("Europe/Istanbul", chatAt, moment) !== groupIn("UTC", chatAt, moment)) return moment;
    }
  }
  throw new Error("no moment splits the groups");
}

async function setClock(page, offsetMs) {
  const reset = await page.request.post("/dev/clock", { form: { intent: "reset" }, maxRedirects: 0 });
  assert.equal(reset.status(), 302, "the development clock was reset");
  if (offsetMs <= 0) return;
  const moved = await page.request.post("/dev/clock", { form: { days: String(offsetMs / DAY_MS) }, maxRedirects: 0 });
  assert.equal(moved.status(), 302, "the development clock accepted the move");
}

/** The history section (Today, Previous 7 Days...) that lists a chat of this title. */
async function sectionOf(page, title) {
  const link = page.locator("aside").getByRole("link", { name: title }).first();
  await link.waitFor();
  return link.evaluate((element) => element.closest("section")?.getAttribute("aria-label") ?? null);
}

describe("a new chat in the history", () => {
  test("joins the sidebar's history even when its answer ended before the thread's page was read", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Quick Answer", landing: "/web-main" });
      await hydrated(page);
      // The thread page's data is read as the page would read it, again until it shows the answer ended, and the page
      // gets that: a quick answer, or a slow network. (No event says a stream the page has not read yet has ended.)
      const question = `What is the capital of Mongolia? ${Date.now().toString(36)}`;
      await page.route(/\/web-main\/[^/?#]+\.data/, async (route) => {
        for (let attempt = 1; ; attempt++) {
          const response = await route.fetch();
          const body = await response.text();
          if (!body.includes('"streaming"') || attempt === 200) return route.fulfill({ response, body });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await page.getByRole("textbox", { name: "Message" }).fill(question);
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL((url) => /^\/web-main\/.+/.test(url.pathname), { timeout: ANSWER_TIMEOUT_MS });
      await page.getByRole("list", { name: "Conversation" }).locator(":scope > li").last().getByText("Demo model").first().waitFor();
      await page
        .locator("aside")
        .getByRole("link", { name: question.slice(0, 40) })
        .waitFor();
      assertNoErrors(errors, "a quick answer's chat in the history");
    });
  });
});

describe("history grouped by the viewer's day", () => {
  test("a chat near midnight in Istanbul (UTC+3) is grouped by Istanbul's day, and by UTC's in a UTC browser", async () => {
    await withPage(browser(), { timezoneId: "Europe/Istanbul", viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Istanbul Night", landing: "/web-main" });
      await hydrated(page);
      await page.getByRole("textbox", { name: "Message" }).fill("Which ferries cross the Bosphorus at night?");
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForURL((url) => /^\/web-main\/.+/.test(url.pathname), { timeout: ANSWER_TIMEOUT_MS });
      await page.waitForFunction(
        () => {
          const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
          const last = items[items.length - 1];
          return items.length >= 2 && last?.getAttribute("aria-busy") === "false" && (last.textContent ?? "").includes("Demo model");
        },
        null,
        { timeout: ANSWER_TIMEOUT_MS },
      );
      const chatAt = Date.now();
      const title = "Which ferries cross the Bosphorus at night?";
      const moment = splittingMoment(chatAt);
      await setClock(page, moment - Date.now());
      try {
        await page.reload();
        await hydrated(page);
        assert.equal(await sectionOf(page, title), LABELS[groupIn("Europe/Istanbul", chatAt, moment)], "grouped by Istanbul's day");

        // The same account in a browser on UTC: the other group.
        const utc = await browser().newContext({
          baseURL: page.url(),
          timezoneId: "UTC",
          viewport: { width: 1280, height: 900 },
          storageState: await page.context().storageState(),
        });
        try {
          const other = await utc.newPage();
          await other.goto(new URL(page.url()).pathname);
          await hydrated(other);
          const expected = LABELS[groupIn("UTC", chatAt, moment)];
          await other.locator("aside").locator(`section[aria-label="${expected}"]`).getByRole("link", { name: title }).waitFor();
        } finally {
          await utc.close();
        }
      } finally {
        // The server is shared with the other files: put its clock back whatever happened.
        await setClock(page, 0);
      }
      assertNoErrors(errors, "history by local day");
    });
  });
});

describe("searching a long history", () => {
  test("shows the newest 50 matching chats, and the rest with Show more", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Long History", landing: "/web-main" });
      // 60 chats whose titles and messages are made of one word (the development-only history seed, 10 minutes apart).
      const seeded = await page.request.post("/dev/history-bench", {
        data: { intent: "seed", threads: 60, messagesPerThread: 2, words: ["quokka"], now: Date.now() },
      });
      assert.equal(seeded.status(), 200, "the development seed filled the history");
      await page.reload();
      await hydrated(page);
      const sidebar = page.locator("aside");
      await sidebar.getByRole("searchbox", { name: "Search chats" }).fill("quokka");
      // The tabs give way to the results.
      await sidebar.getByRole("tablist").waitFor({ state: "detached" });
      const found = sidebar.getByRole("link", { name: "Notes on quokka and quokka" });
      await page.waitForFunction(() => document.querySelectorAll("aside a[href^='/web-main/bench-t-']").length === 50);
      assert.deepEqual(
        await found.evaluateAll((links) => links.slice(0, 3).map((link) => link.getAttribute("href"))),
        ["/web-main/bench-t-00000", "/web-main/bench-t-00001", "/web-main/bench-t-00002"],
        "newest first",
      );
      await sidebar.getByRole("button", { name: "Show more" }).click();
      await page.waitForFunction(() => document.querySelectorAll("aside a[href^='/web-main/bench-t-']").length === 60);
      assert.equal(await found.count(), 60);
      assert.equal(await sidebar.getByRole("button", { name: "Show more" }).count(), 0, "no more pages after the last");
      assertNoErrors(errors, "paged search");
    });
  });
});
