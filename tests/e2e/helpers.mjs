// Browser plumbing for the e2e tests: one Chromium per test file, a fresh context (cookies, storage) per
// test, and a recorder of console errors and uncaught page errors so tests can assert a clean run.
/* global window, document -- only inside page.evaluate/waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, FULL_CHROMIUM, findChromium } from "./server.mjs";

export { CHROMIUM_ARGS };

/** Set by tests/e2e/run.mjs; the fallbacks let a developer run one file against an already running server. */
export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
const EXECUTABLE = findChromium({ headlessShell: true }) ?? FULL_CHROMIUM;

/** Playwright gives every launch a fresh temporary profile, which is what the toolchain asks for. */
export function launchBrowser() {
  return chromium.launch({ executablePath: EXECUTABLE, args: CHROMIUM_ARGS });
}

/** Registers before/after hooks in the calling test file and returns a getter for the shared browser. */
export function useBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return () => browser;
}

/**
 * A fresh context and page. Options go to browser.newContext (viewport, storageState...).
 * Returns { context, page, errors, close }; `errors` fills as the page logs console errors or throws.
 */
/**
 * Each context is its own client network address (CF-Connecting-IP, which the local runtime keeps when the client
 * sends it), like separate people on separate connections: otherwise every test shares 127.0.0.1 and the per-address
 * limits (10 sign-ups an hour, decision 0012; the guests' allowance, decision 0011) make later files fail. The
 * addresses are loopback ones (all of 127.0.0.0/8 is this machine), so the development pages (/dev/mailbox,
 * /dev/clock), which answer only requests from this machine, still answer them.
 */
let nextAddress = 1 + Math.floor(Math.random() * 60_000);
function contextAddress() {
  const n = nextAddress++;
  return `127.${(n >> 8) & 255}.${n & 255}.1`;
}

export async function openPage(browser, options = {}) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    ...options,
    extraHTTPHeaders: { "CF-Connecting-IP": contextAddress(), ...options.extraHTTPHeaders },
  });
  // wrangler dev on a 2-core machine can be slow on the first render of a route; keep waits bounded.
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors = recordErrors(page);
  return { context, page, errors, close: () => context.close() };
}

/** Runs `body` with a fresh page of its own browser context, closed afterwards whatever happens. */
export async function withPage(browser, options, body) {
  const session = await openPage(browser, options);
  try {
    await body(session);
  } finally {
    await session.close();
  }
}

/**
 * The body of the 503 that `wrangler dev`'s own proxy gives a POST it dropped on a keep-alive connection the runtime
 * was closing at that moment (cloudflare/workers-sdk#14641; it retries GET and HEAD itself). Our worker never saw
 * the request, and production has no such proxy: the page's "Failed to load resource" for it is not the app's error.
 */
export const DEV_PROXY_DROP = "Your worker restarted mid-request";

/** Collects console.error messages and uncaught exceptions of a page (all frames, across navigations). */
export function recordErrors(page) {
  const errors = [];
  /** Per URL, how many proxy drops have no console line yet: each excuses exactly one line. */
  const dropped = new Map();
  const loadFailure = (url) => `console.error: Failed to load resource: the server responded with a status of 503 (Service Unavailable) (${url})`;
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    const line = `console.error: ${message.text()}${url ? ` (${url})` : ""}`;
    if (url && line === loadFailure(url) && (dropped.get(url) ?? 0) > 0) dropped.set(url, dropped.get(url) - 1);
    else errors.push(line);
  });
  page.on("response", async (response) => {
    if (response.status() !== 503 || response.request().method() !== "POST") return;
    const body = await response.text().catch(() => "");
    if (!body.startsWith(DEV_PROXY_DROP)) return;
    // Whichever comes first, the console line or this body: drop the line now, or skip it when it comes.
    const index = errors.indexOf(loadFailure(response.url()));
    if (index !== -1) errors.splice(index, 1);
    else dropped.set(response.url(), (dropped.get(response.url()) ?? 0) + 1);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

export function assertNoErrors(errors, where = "") {
  assert.deepEqual(errors, [], `console or page errors${where ? ` on ${where}` : ""}:\n${errors.join("\n")}`);
}

/**
 * Waits (no sleeping) until `predicate(arg)` is truthy in the page; survives reloads between polls. A wait that spans
 * something long by design (a whole streamed answer) passes a longer `timeout`.
 */
export async function waitForPage(page, predicate, arg, { timeout = 15_000 } = {}) {
  await page.waitForFunction(predicate, arg, { timeout });
}

/** The toast (docs/product.md §9, sonner) showing `text`; wait on it with `.waitFor()`. */
export function toast(page, text) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Reads localStorage of the current page's origin. */
export function storageItem(page, key) {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/** Waits until the client has hydrated (React attached), so clicks reach event handlers. */
export async function hydrated(page) {
  await page.waitForLoadState("load");
  await page.waitForFunction(() => {
    // Remix sets window.__remixContext before hydrating; React marks hydrated DOM nodes with __react* keys.
    return Boolean(window.__remixContext) && Object.keys(document.body).some((key) => key.startsWith("__react"));
  });
}

/** Fills in and sends the sign-up form; returns once the page asks to check the email. */
export async function signUp(page, { name, email, password }) {
  await page.goto("/auth/sign-up");
  await hydrated(page);
  await page.getByLabel("Display name", { exact: true }).fill(name);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor();
}

/** On the page an activation link opens: press Verify (opening it verifies nothing) and wait until it is done. */
export async function verifyOnLinkPage(page) {
  await hydrated(page);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await page.getByText("Email verified. You can sign in now.").first().waitFor();
}

/**
 * A new account the way a person makes one: sign up, open the verification link from the development mailbox,
 * then sign in and land on `landing`. Returns the address and password used.
 */
export async function signUpAndSignIn(
  page,
  { name, landing, email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`, password = "e2e-pass-1" },
) {
  await signUp(page, { name, email, password });
  await page.goto("/dev/mailbox");
  const message = page
    .getByRole("article")
    .filter({ hasText: email })
    .filter({ hasText: /Verify your email/ })
    .first();
  await message.waitFor();
  await page.goto(await message.getByRole("link").first().getAttribute("href"));
  await verifyOnLinkPage(page);
  await page.goto(`/auth/login?redirectTo=${encodeURIComponent(landing)}`);
  await hydrated(page);
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === landing);
  // Signing in ends in a document load; callers click right away, so wait until React handles those clicks.
  await hydrated(page);
  return { email, password };
}

/**
 * Opens the account menu (in `scope`, e.g. the sidebar) and returns it. A trigger pressed while the page is still
 * settling (hydration, a revalidation re-render) can swallow the press, so the press is repeated until the menu is
 * there, as a person would press again; the wait itself is event-driven.
 */
export async function openAccountMenu(page, scope = page.locator("aside")) {
  await hydrated(page);
  const menu = page.getByRole("menu");
  for (let attempt = 1; ; attempt += 1) {
    await scope.getByTestId("user-menu-trigger").click();
    try {
      await menu.waitFor({ timeout: 3_000 });
      return menu;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
