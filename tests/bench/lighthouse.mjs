// Lighthouse figures for `npm run bench` (tests/bench/run.mjs), decision 0019: every screen of docs/product.md §2, mobile and
// desktop presets, the median of several runs (scores move with the load on a shared 2-core machine), against the
// built worker served by `wrangler dev` (tests/e2e/server.mjs) and Debian's Chromium. Targets live here and are
// marked in the table when missed; nothing here fails a build.
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS } from "../e2e/server.mjs";
import { hydrated } from "../e2e/helpers.mjs";

/** docs/product.md §2's screens, in its order; `signedIn` ones are measured with a verified account's session cookie. */
export const SCREENS = [
  { path: "/web-main" },
  { path: "/image-generation" },
  { path: "/logo-maker" },
  { path: "/tattoo-generator" },
  { path: "/photo-translate" },
  { path: "/horoscope" },
  { path: "/web-search" },
  { path: "/gallery" },
  { path: "/payment" },
  { path: "/settings/account", signedIn: true },
  { path: "/auth/login" },
];

const KiB = 1024;

/** Decision 0019's targets. `jsKiB` is first-visit JavaScript, gzip. */
export const TARGETS = {
  mobile: { performance: 95, tbtMs: 150 },
  desktop: { performance: 100 },
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0.02,
  jsKiB: (path) => (path === "/web-main" ? 100 : 120),
};

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** BENCH_LIGHTHOUSE=0 skips the stage; BENCH_LIGHTHOUSE_RUNS (default 3, odd is best for a median) sets the runs. */
export function lighthouseSettings(env = process.env) {
  const enabled = env.BENCH_LIGHTHOUSE !== "0";
  const runs = Math.max(1, Number.parseInt(env.BENCH_LIGHTHOUSE_RUNS ?? "3", 10) || 3);
  const only = env.BENCH_LIGHTHOUSE_SCREENS?.split(",")
    .map((path) => path.trim())
    .filter(Boolean);
  return { enabled, runs, screens: only?.length ? SCREENS.filter((screen) => only.includes(screen.path)) : SCREENS };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * A verified, signed-in account made the way a person makes one (tests/e2e/helpers.mjs's flow: sign up, open the
 * link in the development mailbox, sign in); returns its Cookie header for Lighthouse's extraHeaders.
 */
async function signedInCookie(baseUrl, executablePath) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const email = `bench-${Date.now()}@example.com`;
    // Nothing of the name or address in it: the sign-up refuses such passwords as weak.
    const password = "violet-harbor-42";
    await page.goto("/auth/sign-up");
    await hydrated(page);
    await page.getByLabel("Display name", { exact: true }).fill("Bench Reader");
    await page.getByLabel("Email address", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.goto("/dev/mailbox");
    const message = page
      .getByRole("article")
      .filter({ hasText: email })
      .filter({ hasText: /Verify your email/ })
      .first();
    await page.goto(await message.getByRole("link").first().getAttribute("href"));
    // Opening the activation link verifies nothing; its Verify button does (decision 0020).
    await hydrated(page);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByText("Email verified. You can sign in now.").first().waitFor();
    await page.goto("/auth/login?redirectTo=%2Fsettings%2Faccount");
    await hydrated(page);
    await page.getByLabel("Email address", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/settings/account");
    const cookies = await context.cookies(baseUrl);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

/** gzip -9 of every script the page loaded (as the size bench does), so the figure does not depend on whether the
 * local server compresses; Lighthouse's own transfer sizes are what `wrangler dev` sent. */
async function scriptGzipBytes(lhr, headers) {
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = [...new Set(requests.filter((item) => item.resourceType === "Script").map((item) => item.url))];
  let total = 0;
  for (const url of scripts) {
    const response = await fetch(url, { headers });
    total += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return { bytes: total, count: scripts.length };
}

function figuresOf(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    // Failed audits with a score below 1 in the three non-performance categories: why a score is not 100.
    failing: ["accessibility", "best-practices", "seo"].flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => ref.id),
    ),
    // What the browser's issues panel reported (a CSP issue names the blocked URL): the reason best practices < 100.
    issues: (lhr.audits["inspector-issues"]?.details?.items ?? []).map(
      (item) => `${item.issueType}${item.subItems?.items?.length ? ` (${item.subItems.items.map((sub) => sub.url).join(", ")})` : ""}`,
    ),
  };
}

/**
 * Runs Lighthouse on every screen and preset `runs` times; returns one row per screen and preset with the median
 * of each figure (each figure's own median, so one noisy run does not decide any of them).
 */
export async function measureLighthouse({ baseUrl, executablePath, runs, screens, log = console.log }) {
  const cookie = screens.some((screen) => screen.signedIn) ? await signedInCookie(baseUrl, executablePath) : "";
  // A fresh profile per launch (chrome-launcher makes one); the same offline flags as the e2e suite.
  const chrome = await chromeLauncher.launch({ chromePath: executablePath, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
  const rows = [];
  try {
    for (const preset of ["mobile", "desktop"]) {
      for (const screen of screens) {
        const headers = screen.signedIn ? { Cookie: cookie } : {};
        const samples = [];
        for (let index = 0; index < runs; index++) {
          await clearCookies(chrome.port);
          const lhr = await runOnce({ url: `${baseUrl}${screen.path}`, port: chrome.port, headers, preset, log });
          if (new URL(lhr.finalDisplayedUrl).pathname !== screen.path) {
            throw new Error(`Lighthouse on ${screen.path} (${preset}) ended on ${lhr.finalDisplayedUrl}`);
          }
          samples.push({ ...figuresOf(lhr), js: await scriptGzipBytes(lhr, headers) });
        }
        const pick = (key) => median(samples.map((sample) => sample[key]));
        const row = {
          preset,
          path: screen.path,
          performance: pick("performance"),
          accessibility: pick("accessibility"),
          bestPractices: pick("bestPractices"),
          seo: pick("seo"),
          lcpMs: pick("lcpMs"),
          tbtMs: pick("tbtMs"),
          cls: pick("cls"),
          jsBytes: median(samples.map((sample) => sample.js.bytes)),
          scripts: median(samples.map((sample) => sample.js.count)),
          performanceRange: [Math.min(...samples.map((s) => s.performance)), Math.max(...samples.map((s) => s.performance))],
          failing: [...new Set(samples.flatMap((sample) => sample.failing))],
          issues: [...new Set(samples.flatMap((sample) => sample.issues))],
        };
        row.missed = missedTargets(row);
        log(`  lighthouse ${preset} ${screen.path}: performance ${row.performance} (runs ${samples.map((s) => s.performance).join(", ")})`);
        rows.push(row);
      }
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

/**
 * Empties the browser's cookie jar before a run. Lighthouse resets a page's storage between runs but keeps its cookies,
 * and a cookie in the jar wins over the Cookie header Lighthouse adds (extraHeaders): once the sign-in page had set its
 * passkey challenge cookie, the signed-in screen's next run went out without the session and measured the sign-in page.
 * Each run is a first visit, with the session cookie only where the screen asks for it.
 */
async function clearCookies(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    for (const context of browser.contexts()) await context.clearCookies();
  } finally {
    // Connected, not launched: this only disconnects.
    await browser.close();
  }
}

/** Lighthouse's own trace recording sometimes fails on a busy machine (NO_NAVSTART, NO_FCP): one run is retried twice. */
async function runOnce({ url, port, headers, preset, log }) {
  const flags = { port, output: "json", logLevel: "error", onlyCategories: CATEGORIES, extraHeaders: headers };
  let message = "no result";
  for (let attempt = 1; attempt <= 3; attempt++) {
    const lhr = (await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined))?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    message = lhr?.runtimeError?.message ?? "no result";
    log(`  lighthouse ${preset} ${new URL(url).pathname}: attempt ${attempt} failed (${message.split("\n")[0]})`);
  }
  throw new Error(`Lighthouse failed on ${new URL(url).pathname} (${preset}) three times: ${message}`);
}

/** The names of the targets a row misses. */
export function missedTargets(row) {
  const missed = [];
  const target = TARGETS[row.preset];
  if (row.performance < target.performance) missed.push("performance");
  if (row.accessibility < TARGETS.accessibility) missed.push("a11y");
  if (row.bestPractices < TARGETS.bestPractices) missed.push("best-practices");
  if (row.seo < TARGETS.seo) missed.push("seo");
  if (target.tbtMs !== undefined && row.tbtMs > target.tbtMs) missed.push("TBT");
  if (row.cls > TARGETS.cls) missed.push("CLS");
  if (row.jsBytes > TARGETS.jsKiB(row.path) * KiB) missed.push("JS");
  return missed;
}

/** The table printed after the size/timing table. Missed figures are marked with `!`. */
export function printLighthouseTable(rows, runs) {
  const header = ["preset", "screen", "perf", "a11y", "b-p", "seo", "LCP", "TBT", "CLS", "JS gzip", "scripts", "missed"];
  const mark = (row, name, text) => (row.missed.includes(name) ? `${text}!` : text);
  const lines = rows.map((row) => [
    row.preset,
    row.path,
    mark(row, "performance", `${row.performance}${row.performanceRange[0] !== row.performanceRange[1] ? ` (${row.performanceRange.join("-")})` : ""}`),
    mark(row, "a11y", String(row.accessibility)),
    mark(row, "best-practices", String(row.bestPractices)),
    mark(row, "seo", String(row.seo)),
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    mark(row, "TBT", `${Math.round(row.tbtMs)} ms`),
    mark(row, "CLS", row.cls.toFixed(3)),
    mark(row, "JS", `${(row.jsBytes / KiB).toFixed(1)} KiB`),
    String(row.scripts),
    row.missed.length ? `MISSED ${row.missed.join(", ")}` : "OK",
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => line[index].length)));
  const format = (cells) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index]))
      .join("  ")
      .trimEnd();
  console.log(`\nLighthouse 12, median of ${runs} run(s) per screen (perf range in brackets when runs differed)`);
  console.log(`${format(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(format(line));
  const failing = [...new Set(rows.flatMap((row) => row.failing))];
  if (failing.length) console.log(`Audits below 1 in a11y / best practices / SEO: ${failing.join(", ")}`);
  for (const row of rows.filter((entry) => entry.issues.length)) console.log(`Browser issues on ${row.path} (${row.preset}): ${row.issues.join("; ")}`);
  console.log(
    `Targets: performance >= ${TARGETS.mobile.performance} mobile, ${TARGETS.desktop.performance} desktop; a11y, best practices, SEO 100; ` +
      `TBT <= ${TARGETS.mobile.tbtMs} ms mobile; CLS <= ${TARGETS.cls}; first-visit JS <= 100 KiB gzip on /web-main, 120 KiB elsewhere`,
  );
}
