// Voice in Chromium (decision 0025) against the fake provider: Chromium's fake microphone plays a recorded "question" (a
// tone WAV made here, then silence), voice mode hears it through POST /api/transcriptions (the fake's fixed
// transcript), sends it as a chat turn, reads the answer aloud through POST /api/speech and listens again; the turn is
// in the thread after a reload. "Read aloud" on an answer plays and stops. Voice mode's code is not in the first load.
// In Turkish, a tap while an answer is read interrupts it and voice mode listens again.
/* global document, window -- only inside page callbacks (waitForFunction, evaluate, addInitScript), which run in the browser */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { chromium } from "playwright-core";
import { toneWav } from "../mocks/fake-audio.mjs";
import { FAKE_TRANSCRIPT } from "../mocks/fake-openai-audio.mjs";
import { startFakeOpenAI } from "../mocks/fake-openai.mjs";
import { assertNoErrors, CHROMIUM_ARGS, hydrated, withPage } from "./helpers.mjs";
import { FULL_CHROMIUM, findChromium, startServer } from "./server.mjs";

let fake;
let server;
let browser;
let folder;

before(async () => {
  folder = mkdtempSync(join(tmpdir(), "voice-e2e-"));
  const question = join(folder, "question.wav");
  // Half a second of quiet, a 1.2 s "question", then quiet: the recording ends at the pause after it.
  writeFileSync(question, toneWav({ leadSeconds: 0.5, toneSeconds: 1.2, tailSeconds: 1, sampleRate: 16_000 }));
  fake = await startFakeOpenAI({ port: 0 });
  server = await startServer({ label: "e2e-voice", vars: { OPENAI_API_KEY: "sk-fake-e2e", OPENAI_BASE_URL: fake.url } });
  browser = await chromium.launch({
    executablePath: findChromium({ headlessShell: true }) ?? FULL_CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      // A microphone without a prompt, fed from the file once (%noloop: then silence, so the question is asked once).
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${question}%noloop`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const open = (body, setUp = async () => {}) =>
  withPage(browser, { baseURL: server.baseUrl, permissions: ["microphone"] }, async (session) => {
    await setUp(session);
    await body(session);
  });

/** The page in Turkish from its first paint (the cookie for the server, the stored choice for the client). */
async function inTurkish({ context }) {
  await context.addCookies([{ name: "locale", value: "tr", url: server.baseUrl }]);
  await context.addInitScript(() => window.localStorage.setItem("locale", "tr"));
}
const phase = (page) => page.evaluate(() => document.querySelector("[data-phase]")?.getAttribute("data-phase"));
const conversation = (page, name = "Conversation") => page.getByRole("list", { name });

describe("voice (fake microphone, fake provider)", () => {
  test("voice mode hears a recorded question, reads the answer aloud, listens again; the turn stays in the thread", async () => {
    await open(async ({ page, errors }) => {
      const scripts = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script" && response.ok()) scripts.push(response.text().catch(() => ""));
      });
      await page.goto("/web-main");
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const firstLoad = await Promise.all(scripts.slice());
      assert.ok(!firstLoad.some((text) => text.includes("/api/transcriptions")), "voice mode's code is not in the first load");

      await page.getByRole("button", { name: "Voice mode", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Voice conversation" });
      // The price is shown before anything is recorded.
      await dialog.getByText("1 credit per minute of audio").waitFor();
      const speech = page.waitForResponse((response) => response.url().endsWith("/api/speech"));
      await dialog.getByRole("button", { name: "Start talking" }).click();

      await dialog.getByTestId("voice-heard").filter({ hasText: FAKE_TRANSCRIPT }).waitFor({ timeout: 20_000 });
      const spoken = await speech;
      assert.equal(spoken.status(), 200);
      assert.equal(spoken.headers()["content-type"], "audio/mpeg");
      await dialog.getByTestId("voice-answer").waitFor();
      await page.waitForFunction(() => document.querySelector("[data-phase]")?.getAttribute("data-phase") === "speaking");
      // The answer is read to its end (1.5 s of audio), then it listens again.
      await page.waitForFunction(() => document.querySelector("[data-phase]")?.getAttribute("data-phase") === "listening", null, { timeout: 20_000 });
      assert.equal(await dialog.getByRole("alert").count(), 0, "the answer was read without a problem");

      await dialog.getByRole("button", { name: "End voice mode" }).click();
      await dialog.waitFor({ state: "hidden" });
      assert.match(page.url(), /\/web-main\/[\w-]+$/);
      await page.reload();
      await hydrated(page);
      await conversation(page).getByText(FAKE_TRANSCRIPT).waitFor();
      assert.equal(await conversation(page).locator(":scope > li").count(), 2);
      assertNoErrors(errors);
    });
  });

  test("in Turkish: a tap while the answer is read interrupts it and voice mode listens again", async () => {
    // A long answer (30 s of audio), so only the tap can end its reading within the wait below.
    fake.audio.speechSeconds = 30;
    try {
      await open(async ({ page, errors }) => {
        await page.goto("/web-main");
        await hydrated(page);
        await page.getByRole("button", { name: "Sesli mod", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Sesli sohbet" });
        await dialog.getByRole("button", { name: "Konuşmaya başla" }).click();
        const status = dialog.getByRole("status");
        await status.filter({ hasText: "Konuşuyor" }).waitFor({ timeout: 20_000 });

        // A tap anywhere on the stage (here the answer's text), not the Interrupt button.
        await dialog.getByTestId("voice-answer").click();
        await status.filter({ hasText: "Dinleniyor…" }).waitFor({ timeout: 5_000 });
        assert.equal(await phase(page), "listening");
        assert.equal(await dialog.getByRole("alert").count(), 0, "an interruption is not a problem");

        await dialog.getByRole("button", { name: "Sesli modu bitir" }).click();
        await dialog.waitFor({ state: "hidden" });
        // The turn is in the thread, and its answer has the Turkish "Read aloud".
        const answer = conversation(page, "Sohbet").locator(":scope > li").last();
        await answer.getByRole("button", { name: "Sesli oku", exact: true }).waitFor();
        assertNoErrors(errors);
      }, inTurkish);
    } finally {
      fake.audio.speechSeconds = 1.5;
    }
  });

  test("read aloud plays an answer and stops it", async () => {
    await open(async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill("Read this aloud please");
      await box.press("Enter");
      const answer = conversation(page).locator(":scope > li").last();
      const button = answer.getByRole("button", { name: "Read aloud", exact: true });
      await button.waitFor();
      await button.click();
      assert.equal(await button.getAttribute("aria-pressed"), "true");
      // Playing: the progress bar says how much has been read (not "Preparing audio…").
      await answer.getByRole("progressbar", { name: /% read$/ }).waitFor();
      await button.click();
      await page.waitForFunction(() => document.querySelector('button[aria-label="Read aloud"]')?.getAttribute("aria-pressed") === "false");
      assert.equal(await answer.getByRole("progressbar").count(), 0);
      assertNoErrors(errors);
    });
  });
});
