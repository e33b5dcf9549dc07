// What a first-time visitor's browser downloads for an empty chat (decision 0019): hashed scripts cached for a year, no
// markdown renderer or dialog code until they are needed. Sizes and scores are budgets in `npm run bench`, never
// asserted here; this checks which code arrives when, by content rather than by chunk names (the build may merge
// chunks differently), and that the strict CSP has nothing to report (Lighthouse's "Best practices" reads those).
/* global window, document -- only inside page.addInitScript/evaluate callbacks, which run in the browser */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, useBrowser } from "./helpers.mjs";

const browser = useBrowser();

/** A string only the markdown renderer's code contains (react-markdown's own error link survives minification). */
const MARKDOWN_RENDERER = "remarkjs/react-markdown";

/** Records every script the page fetches: URL, Cache-Control and (lazily) its text. */
function recordScripts(page) {
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || !response.ok()) return;
    scripts.push({ url: response.url(), cacheControl: response.headers()["cache-control"] ?? "", text: response.text().catch(() => "") });
  });
  return scripts;
}

/** What the renderer marks its output with (MARKDOWN_MARKER, app/components/chat/markdown.tsx). */
const RENDERED_MARKDOWN = "[data-markdown]";

/** A string only zod's code contains (its class names survive minification). */
const ZOD = '"$ZodObject"';

async function containsRenderer(scripts) {
  const texts = await Promise.all(scripts.map((script) => script.text));
  return texts.some((text) => text.includes(MARKDOWN_RENDERER));
}

/**
 * Loads a page with `load` (a navigation returning its response) and returns the path of the one script it fetched
 * that contains `marker`, having checked that the server's HTML names that script in a <link rel="modulepreload">: it
 * is asked for with the page's other scripts, not after they have run (decision 0019).
 */
async function preloadedScriptWith(page, load, marker, label) {
  const scripts = recordScripts(page);
  const html = await (await load()).text();
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  const texts = await Promise.all(scripts.map((script) => script.text));
  const matching = scripts.filter((_, index) => texts[index].includes(marker));
  assert.equal(matching.length, 1, `${label}: expected one script containing ${marker}, got ${matching.length}`);
  const scriptPath = new URL(matching[0].url).pathname;
  assert.ok(html.includes(`<link rel="modulepreload" href="${scriptPath}"/>`), `${label}: the HTML does not preload ${scriptPath}`);
  return scriptPath;
}

describe("what a first visit loads", () => {
  test("loads the sign-in dialog on first open and the markdown renderer with the first answer; hashed scripts are immutable", async () => {
    const { page, errors, close } = await openPage(browser());
    try {
      const scripts = recordScripts(page);
      await page.goto("/web-main");
      await hydrated(page);
      await page.waitForLoadState("networkidle");

      const firstLoad = scripts.slice();
      assert.ok(firstLoad.length > 0, "the page loaded no scripts");
      for (const script of firstLoad.filter((entry) => new URL(entry.url).pathname.startsWith("/assets/"))) {
        assert.match(script.cacheControl, /max-age=31536000/, `${script.url} is not cached for a year`);
        assert.match(script.cacheControl, /immutable/, `${script.url} is not marked immutable`);
      }
      assert.equal(await containsRenderer(firstLoad), false, "the markdown renderer loaded with the empty chat");

      // The sign-in dialog: its code arrives when a visitor opens it, and then it is there to use.
      await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Sign in" }).waitFor();
      assert.ok(scripts.length > firstLoad.length, "opening the sign-in dialog fetched no code: it was in the first load");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      // The first answer brings the renderer (the demo provider answers in markdown).
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill("What is a quokka?");
      await box.press("Enter");
      const answer = page.getByRole("list", { name: "Conversation" }).locator(":scope > li").last();
      await answer.getByText("To get real answers").waitFor();
      // The answer is drawn by the renderer once its code is here (plain text until then): that is the moment to look.
      await answer.locator(RENDERED_MARKDOWN).waitFor();
      assert.equal(await containsRenderer(scripts), true, "no script with the markdown renderer arrived with the answer");
      assertNoErrors(errors, "/web-main first visit");
    } finally {
      await close();
    }
  });

  test("an empty chat loads the strings it shows, not the account, plan or settings screens'; the sign-in dialog brings its own", async () => {
    // Strings travel by namespace (decision 0019): the shell's and the chat's with the page, an overlay's when it opens.
    // "Proposed schedule": the schedules' strings come with /schedules or a proposal under an answer (decision 0044).
    const OTHER_SCREENS = ['"Forgot password?"', '"What Pro gives you"', '"Settings sections"', '"Proposed schedule"'];
    const { page, errors, close } = await openPage(browser());
    try {
      const scripts = recordScripts(page);
      await page.goto("/web-main");
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const texts = await Promise.all(scripts.map((script) => script.text));
      for (const marker of OTHER_SCREENS) assert.equal(texts.filter((text) => text.includes(marker)).length, 0, `the empty chat loaded ${marker}`);
      assert.ok(
        texts.some((text) => text.includes('"Skip to content"')),
        "the shell's strings did not load",
      );

      await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Sign in" }).waitFor();
      await dialog.getByText("Forgot password?").waitFor();
      assertNoErrors(errors, "/web-main strings");
    } finally {
      await close();
    }
  });

  test("a page asks for its language's strings with its other scripts, and fetches them once", async () => {
    // entry.client imports the strings before it hydrates; without the layout's preload the browser would ask for
    // them only after every other script had loaded and run (decision 0019).
    for (const [path, marker] of [
      ["/web-main", '"Skip to content"'],
      ["/web-main?lng=tr", '"Yeni sohbet"'],
      // A screen's own namespace, named in its route's handle, comes with the page too.
      ["/auth/login", '"Forgot password?"'],
      ["/auth/login?lng=tr", '"Şifrenizi mi unuttunuz?"'],
      ["/schedules", '"Proposed schedule"'],
    ]) {
      const { page, errors, close } = await openPage(browser());
      try {
        await preloadedScriptWith(page, () => page.goto(path), marker, path);
        assertNoErrors(errors, path);
      } finally {
        await close();
      }
    }
  });

  test("a saved conversation asks for the markdown renderer with its other scripts; an empty chat does not", async () => {
    const { page, errors, close } = await openPage(browser());
    try {
      await page.goto("/web-main");
      await hydrated(page);
      const emptyChat = await (await page.request.get("/web-main")).text();
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill("What is a quokka?");
      await box.press("Enter");
      await page.getByRole("list", { name: "Conversation" }).locator(":scope > li").last().getByText("To get real answers").waitFor();
      await page.waitForURL(/\/web-main\/[^/]+$/);

      // Coming back to the conversation: its answer is markdown from the server, and the client needs the renderer
      // before it hydrates, so the HTML names the renderer's files with the route's own.
      const rendererPath = await preloadedScriptWith(page, () => page.reload(), MARKDOWN_RENDERER, "a saved conversation");
      assert.ok(!emptyChat.includes(`<link rel="modulepreload" href="${rendererPath}"`), "the empty chat's HTML preloads the markdown renderer");
      assertNoErrors(errors, "a saved conversation");
    } finally {
      await close();
    }
  });

  test("a screen with a form reports no Content Security Policy violation", async () => {
    const { page, errors, close } = await openPage(browser());
    try {
      // Recorded from the first script on, before any of the app's code runs.
      await page.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      // The sign-in form builds its zod schema when it is first sent (zod's eval probe was the report, decision 0019).
      await page.goto("/auth/login");
      await hydrated(page);
      await page.getByLabel("Email address", { exact: true }).fill("not-an-address");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForLoadState("networkidle");
      assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
      assertNoErrors(errors, "/auth/login");
    } finally {
      await close();
    }
  });
  test("a form screen loads zod only when its form is used, and the form still checks what is typed", async () => {
    const { page, errors, close } = await openPage(browser());
    try {
      const scripts = recordScripts(page);
      await page.goto("/web-search");
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      const withZod = async (list) => (await Promise.all(list.map((script) => script.text))).some((text) => text.includes(ZOD));
      assert.equal(await withZod(scripts.slice()), false, "zod loaded with the web search page");

      // Too short a subject: the form's own check (the server's schema) says so, without asking the server.
      const subject = page.getByLabel("Person or topic", { exact: true });
      await subject.fill("a");
      await page.getByRole("button", { name: "Search the web" }).click();
      await page.getByText("Please enter at least 2 characters").waitFor();
      assert.equal(await subject.getAttribute("aria-invalid"), "true");
      assert.equal(await withZod(scripts), true, "no script with zod arrived when the form was used");
      assertNoErrors(errors, "/web-search form check");
    } finally {
      await close();
    }
  });

  test("the greeting for the visitor's own time of day is in the first paint, before the app's scripts run", async () => {
    // Hours far from UTC, so a greeting picked by the server's clock would be caught.
    const { page, close } = await openPage(browser(), { timezoneId: "Pacific/Kiritimati" });
    const noScripts = await openPage(browser(), { javaScriptEnabled: false });
    try {
      // No script of the app ever arrives: what shows is what the document itself paints.
      await page.route("**/assets/**/*.js", (route) => route.abort());
      await page.goto("/web-main");
      const hour = await page.evaluate(() => new Date().getHours());
      const expected =
        hour >= 5 && hour < 12 ? "Good morning" : hour >= 12 && hour < 17 ? "Good afternoon" : hour >= 17 && hour < 22 ? "Good evening" : "Good night";
      // innerText is what is rendered: the hidden greetings are not part of it.
      assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), expected, `the greeting at ${hour}:00`);

      // Without JavaScript at all, the neutral greeting rather than an empty heading.
      await noScripts.page.goto("/web-main");
      assert.equal(await noScripts.page.getByRole("heading", { level: 1 }).innerText(), "Hello");
    } finally {
      await close();
      await noScripts.close();
    }
  });
});
