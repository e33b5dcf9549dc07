// axe-core finds no violation (WCAG 2.1 A/AA and axe's best practices) on any docs/product.md §2 screen, in
// light and dark, in English and Turkish, signed out and signed in, and with each overlay open once (auth, upgrade,
// model picker, WhatsApp, account menu); the document panel and the gallery's Files tab (decision 0031) by keyboard
// alone, focus given back on close. Run in real Chromium against the built app.
/* global window -- only inside page.evaluate callbacks, which run in the browser */
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { makePdf, numberedPages } from "../fixtures/make-documents.mjs";
import { assertNoErrors, BASE_URL, hydrated, openAccountMenu, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();
const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const VISITOR_ROUTES = [
  "/web-main",
  "/image-generation",
  "/logo-maker",
  "/tattoo-generator",
  "/photo-translate",
  "/horoscope",
  "/horoscope/daily",
  "/web-search",
  "/gallery",
  "/payment",
  "/auth/login",
  "/auth/sign-up",
  "/auth/forgot-password",
  "/auth/email-link",
];
const SIGNED_IN_ROUTES = ["/web-main", "/gallery", "/payment", "/settings/account", "/settings/login-connection", "/settings/my-plan", "/settings/memory"];
/** Two passes cover both themes and both languages on every screen. */
const LOOKS = [
  { theme: "light", locale: "en" },
  { theme: "dark", locale: "tr" },
];

/** Runs axe on the page (injected past the CSP by the context's bypassCSP) and returns readable violations. */
async function violations(page, where) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(window.document, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  });
  return found.map((line) => `${where}: ${line}`);
}

async function openWithLook(look, storageState) {
  const session = await openPage(browser(), { bypassCSP: true, ...(storageState ? { storageState } : {}) });
  const { hostname } = new URL(BASE_URL);
  await session.context.addCookies([
    { name: "theme", value: look.theme, domain: hostname, path: "/" },
    { name: "locale", value: look.locale, domain: hostname, path: "/" },
  ]);
  await session.context.addInitScript(({ theme, locale }) => {
    window.localStorage.setItem("theme", theme);
    window.localStorage.setItem("locale", locale);
  }, look);
  return session;
}

async function auditRoutes(session, routes, look) {
  const found = [];
  for (const route of routes) {
    await session.page.goto(route);
    await hydrated(session.page);
    found.push(...(await violations(session.page, `${route} [${look.theme}, ${look.locale}]`)));
  }
  return found;
}

describe("accessibility (axe-core)", () => {
  test("every screen, both themes, both languages, signed out and signed in, with each overlay open", async () => {
    const found = [];
    // Signed in: make an account once and reuse its cookies for both looks.
    const setup = await openPage(browser());
    await signUpAndSignIn(setup.page, { name: "Axe Reader", landing: "/web-main" });
    const signedIn = await setup.context.storageState();
    await setup.close();

    for (const look of LOOKS) {
      const visitor = await openWithLook(look);
      try {
        found.push(...(await auditRoutes(visitor, VISITOR_ROUTES, look)));
        // Overlays a visitor opens: the sign-in dialog and the model picker.
        await visitor.page.goto("/web-main");
        await hydrated(visitor.page);
        await visitor.page
          .getByRole("link", { name: look.locale === "tr" ? "Giriş yap" : "Sign in", exact: true })
          .first()
          .click();
        await visitor.page.getByRole("dialog").waitFor();
        found.push(...(await violations(visitor.page, `auth dialog [${look.theme}, ${look.locale}]`)));
        await visitor.page.keyboard.press("Escape");
        await visitor.page.getByRole("dialog").waitFor({ state: "detached" });
        await visitor.page
          .getByRole("button", { name: /^(Model|Model:)/ })
          .first()
          .click();
        await visitor.page.getByRole("dialog").waitFor();
        found.push(...(await violations(visitor.page, `model picker [${look.theme}, ${look.locale}]`)));
      } finally {
        await visitor.close();
      }

      const member = await openWithLook(look, signedIn);
      try {
        found.push(...(await auditRoutes(member, SIGNED_IN_ROUTES, look)));
        // Overlays a signed-in user opens: the account menu, then WhatsApp from it (the upgrade dialog for Free).
        await member.page.goto("/web-main");
        await hydrated(member.page);
        await openAccountMenu(member.page, member.page.locator("body"));
        found.push(...(await violations(member.page, `account menu [${look.theme}, ${look.locale}]`)));
        await member.page.getByRole("menuitem", { name: /WhatsApp/ }).click();
        await member.page.getByRole("dialog").waitFor();
        found.push(...(await violations(member.page, `WhatsApp/upgrade dialog [${look.theme}, ${look.locale}]`)));
      } finally {
        await member.close();
      }
    }
    assert.deepEqual(found, [], `axe violations:\n${found.join("\n")}`);
  });

  test("the document panel and the gallery's Files tab: keyboard only, focus back where it was, axe-clean, en and tr", async () => {
    const NAME = "axe-report.pdf";
    // A signed-in account with a thread whose answer cites page 2 of a PDF (the demo provider cites what it quotes).
    const setup = await openPage(browser());
    await signUpAndSignIn(setup.page, { name: "Axe Docs", landing: "/web-main" });
    await setup.page.getByLabel(/^Attach (an image or )?a file/).setInputFiles({
      name: NAME,
      mimeType: "application/pdf",
      buffer: Buffer.from(makePdf(numberedPages(3, { 2: "The harbour gate opens at dawn." }))),
    });
    await setup.page.getByText("Ready", { exact: true }).waitFor({ timeout: 30_000 });
    await setup.page.getByRole("textbox", { name: "Message" }).fill("When does the harbour gate open?");
    await setup.page.getByRole("button", { name: "Send" }).click();
    await setup.page.waitForURL(/\/web-main\/[^/?#]+$/);
    await setup.page.getByRole("button", { name: `Open page 2 of ${NAME}` }).waitFor({ timeout: 30_000 });
    const threadPath = new URL(setup.page.url()).pathname;
    const signedIn = await setup.context.storageState();
    await setup.close();

    const found = [];
    const STRINGS = {
      en: { cite: `Open page 2 of ${NAME}`, close: "Close", pageOf: "Page 2 of 3", deleteFile: `Delete ${NAME}`, confirm: "Delete this file?" },
      tr: {
        cite: `Sayfayı aç: ${NAME}, sayfa 2`,
        close: "Kapat",
        pageOf: "Sayfa 2 / 3",
        deleteFile: `${NAME} dosyasını sil`,
        confirm: "Bu dosya silinsin mi?",
      },
    };
    /** Presses Tab until the focused element has `name` as its accessible label (keyboard only, as a person would). */
    const tabTo = async (page, name) => {
      for (let presses = 0; presses < 80; presses++) {
        await page.keyboard.press("Tab");
        if ((await page.evaluate(() => window.document.activeElement?.getAttribute("aria-label"))) === name) return;
      }
      assert.fail(`Tab never reached "${name}"`);
    };
    const focusedLabel = (page) => page.evaluate(() => window.document.activeElement?.getAttribute("aria-label"));
    for (const look of LOOKS) {
      const strings = STRINGS[look.locale];
      const member = await openWithLook(look, signedIn);
      try {
        await member.page.goto(threadPath);
        await hydrated(member.page);
        await tabTo(member.page, strings.cite);
        await member.page.keyboard.press("Enter");
        const panel = member.page.getByRole("dialog", { name: NAME });
        await panel.getByText(strings.pageOf).waitFor();
        await panel.locator("mark").waitFor();
        assert.equal(await panel.evaluate((element) => element.contains(window.document.activeElement)), true, "focus moves into the panel");
        found.push(...(await violations(member.page, `document panel [${look.theme}, ${look.locale}]`)));
        await panel.getByRole("button", { name: strings.close }).waitFor();
        await member.page.keyboard.press("Escape");
        await panel.waitFor({ state: "hidden" });
        assert.equal(await focusedLabel(member.page), strings.cite, "focus returns to the citation");

        await member.page.goto("/gallery?tab=files");
        await hydrated(member.page);
        found.push(...(await violations(member.page, `Files tab [${look.theme}, ${look.locale}]`)));
        await tabTo(member.page, strings.deleteFile);
        await member.page.keyboard.press("Enter");
        const confirm = member.page.getByRole("dialog", { name: strings.confirm });
        await confirm.waitFor();
        found.push(...(await violations(member.page, `delete file dialog [${look.theme}, ${look.locale}]`)));
        await member.page.keyboard.press("Escape");
        await confirm.waitFor({ state: "detached" });
        assert.equal(await focusedLabel(member.page), strings.deleteFile, "focus returns to the delete button");
        assertNoErrors(member.errors, `documents [${look.theme}, ${look.locale}]`);
      } finally {
        await member.close();
      }
    }
    assert.deepEqual(found, [], `axe violations:\n${found.join("\n")}`);
  });
});
