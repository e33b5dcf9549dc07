// Interaction figures for `npm run bench` (decision 0019 "Typing while a long answer streams"): typing in the composer while a long answer streams,
// in Chromium with the CPU slowed 4x (a mid-range phone). The fake upstream streams a 5,000-word Markdown answer
// with code blocks (tests/mocks/fake-openai-replies.mjs "long"); the page records, with the browser's own
// PerformanceObserver, every long task (> 50 ms), every key press's event timing (INP is the slowest interaction
// when there are fewer than 50), and every animation frame, from the Send click until the answer is complete.
/* global window, document, requestAnimationFrame -- inside callbacks that run in the page */
import { chromium } from "playwright-core";
import { LONG_ANSWER_WORDS } from "../mocks/fake-openai-replies.mjs";
import { CHROMIUM_ARGS } from "../e2e/server.mjs";
import { startFakeUpstream } from "./chat.mjs";

export const INTERACTION_BENCH = {
  cpuSlowdown: 4,
  /** The answer arrives in this many chunks, this far apart (about 12 s of streaming at the upstream's pace). */
  chunks: 600,
  intervalMs: 20,
  /** What is typed, one key every `keyDelayMs`, while the answer streams. */
  typed: "While this streams I keep typing my next question about the code above",
  keyDelayMs: 120,
  answerTimeoutMs: 240_000,
};

/** Runs in the page before any script: observers that keep what the figures need on `window.__bench`. */
function recordInPage() {
  const bench = (window.__bench = { longTasks: [], events: [], frames: [], keys: [], recording: false });
  // Whether each key press landed while the answer was still streaming (the last turn is aria-busy until done).
  window.addEventListener(
    "keydown",
    () => {
      if (bench.recording) bench.keys.push(document.querySelector('ol[aria-label="Conversation"] > li:last-of-type')?.getAttribute("aria-busy") === "true");
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (bench.recording) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: false });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (bench.recording && entry.interactionId) bench.events.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: false });
  let last = 0;
  const frame = (time) => {
    if (bench.recording && last) bench.frames.push(time - last);
    last = time;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Starts the fake upstream and a server using it, streams one long answer while typing, and returns the figures. */
export async function measureInteraction({ startServer, executablePath }) {
  const settings = INTERACTION_BENCH;
  const upstream = await startFakeUpstream();
  let server;
  let browser;
  try {
    server = await startServer({
      label: "bench-interaction",
      vars: {
        OPENAI_API_KEY: "sk-fake-bench",
        OPENAI_BASE_URL: upstream.url,
        MODEL_OVERRIDES: JSON.stringify({ "gpt-4o-mini": `long?n=${settings.chunks}&ms=${settings.intervalMs}` }),
      },
    });
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(recordInPage);
    await page.goto("/web-main");
    await page.waitForLoadState("load");
    // Hydrated: Remix's context is set and React has marked the body (as tests/e2e/helpers.mjs `hydrated` checks).
    await pollPage(page, () => Boolean(window.__remixContext) && Object.keys(document.body).some((key) => key.startsWith("__react")), 30_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: settings.cpuSlowdown });

    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Write a long guide with code examples");
    await page.evaluate(() => {
      window.__bench.recording = true;
    });
    const started = Date.now();
    await page.getByRole("button", { name: "Send" }).click();
    // The first chunk is on screen: now type the next question while the rest streams.
    await pollPage(
      page,
      () => (document.querySelector('ol[aria-label="Conversation"] > li:last-of-type')?.textContent ?? "").includes("Part 1"),
      settings.answerTimeoutMs,
    );
    await box.pressSequentially(settings.typed, { delay: settings.keyDelayMs, timeout: settings.answerTimeoutMs });
    await pollPage(
      page,
      () => {
        const last = document.querySelector('ol[aria-label="Conversation"] > li:last-of-type');
        return last?.getAttribute("aria-busy") === "false" && (last.textContent ?? "").includes("Part ");
      },
      settings.answerTimeoutMs,
    );
    const streamMs = Date.now() - started;
    const recorded = await page.evaluate(() => {
      window.__bench.recording = false;
      return window.__bench;
    });
    const typedText = await box.inputValue();
    return summarize(recorded, { streamMs, typedIntact: typedText === settings.typed });
  } finally {
    await browser?.close();
    await server?.stop();
    await upstream.stop();
  }
}

/**
 * Waits until `predicate` is true in the page, asking from Node every 250 ms. Not page.waitForFunction: its poller
 * runs on the throttled main thread being measured; a check from outside adds only one small evaluation per poll.
 */
async function pollPage(page, predicate, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(predicate))) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for: ${predicate.toString().slice(0, 120)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** INP (slowest interaction, as web-vitals does below 50 interactions), long tasks and dropped frames. */
function summarize(recorded, run) {
  const interactions = new Map();
  for (const event of recorded.events) interactions.set(event.id, Math.max(interactions.get(event.id) ?? 0, event.duration));
  const durations = [...interactions.values()].sort((a, b) => a - b);
  const inp = durations.length === 0 ? 0 : durations[Math.min(durations.length - 1, durations.length - 1 - Math.floor(durations.length / 50))];
  const longest = recorded.longTasks.reduce((max, task) => Math.max(max, task.duration), 0);
  const frameMs = 1000 / 60;
  const expectedFrames = recorded.frames.reduce((sum, interval) => sum + Math.max(1, Math.round(interval / frameMs)), 0);
  const dropped = recorded.frames.reduce((sum, interval) => sum + Math.max(0, Math.round(interval / frameMs) - 1), 0);
  return {
    inp,
    interactions: durations.length,
    keysWhileStreaming: recorded.keys.filter(Boolean).length,
    keys: recorded.keys.length,
    longTasks: recorded.longTasks.length,
    longestTask: longest,
    longTaskMs: recorded.longTasks.reduce((sum, task) => sum + task.duration, 0),
    droppedShare: expectedFrames === 0 ? 0 : dropped / expectedFrames,
    chunks: INTERACTION_BENCH.chunks,
    words: LONG_ANSWER_WORDS,
    ...run,
  };
}
