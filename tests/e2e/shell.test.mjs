// The application shell as a visitor sees it: every docs/product.md §2 route renders, preferences (theme, language,
// app_version) behave as docs/product.md §3/§4 describe, navigation is reported to analytics, and the sidebar works
// on desktop and as a drawer on phones. Queries use roles, labels and visible text, never CSS classes.
/* global document, localStorage -- only inside page.evaluate/waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { BASE_URL, assertNoErrors, hydrated, storageItem, useBrowser, waitForPage, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

/** Opens a fresh context, runs `body({ page, errors, context })`, always closes the context. */
const withPage = (options, body) => withSession(browser(), options, body);

// Settings, gallery and payment may send visitors to sign in; the other screens are open to everyone.
const MAY_REQUIRE_SIGN_IN = ["/settings/", "/gallery", "/payment"];
const ROUTES = [
  "/web-main",
  "/web-main/e2e-unknown-thread",
  "/ai-chat",
  "/image-generation",
  "/logo-maker",
  "/photo-translate",
  "/horoscope",
  "/horoscope/daily",
  "/web-search",
  "/tattoo-generator",
  "/gallery",
  "/payment",
  "/settings/account",
  "/settings/login-connection",
  "/settings/my-plan",
  "/settings/memory",
  "/auth/login",
  "/auth/sign-up",
  "/auth/forgot-password",
];

const TOOL_LINKS = ["AI Chat", "Image Generator", "Photo Translate", "Logo Maker", "Tattoo Generator", "Horoscope", "Web Search"];

const level1 = (page) => page.getByRole("heading", { level: 1 });

/** The sign-in redirect of a guarded screen: /auth/login?redirectTo=<the page asked for>. */
function isLoginRedirect(url, requestedPath) {
  const target = new URL(url);
  return target.pathname === "/auth/login" && (target.searchParams.get("redirectTo") ?? "").startsWith(requestedPath);
}

async function assertSignInPage(page) {
  await level1(page).first().waitFor();
  // A password field is what makes it a sign-in form rather than any page with a heading.
  await page
    .getByLabel(/password/i)
    .first()
    .waitFor();
}

describe("routes (visitor)", () => {
  for (const path of ROUTES) {
    test(`GET ${path} renders`, async () => {
      await withPage({}, async ({ page, errors }) => {
        const response = await page.goto(path);
        assert.ok(response, `no response for ${path}`);
        assert.equal(response.status(), 200, `status of ${path} (ended at ${page.url()})`);
        if (MAY_REQUIRE_SIGN_IN.some((prefix) => path.startsWith(prefix)) && isLoginRedirect(page.url(), path)) {
          await assertSignInPage(page);
        } else {
          assert.equal(new URL(page.url()).pathname, path, "no unexpected redirect");
          await level1(page).first().waitFor();
        }
        assert.equal(await level1(page).count(), 1, "exactly one level-1 heading");
        await hydrated(page);
        assertNoErrors(errors, path);
      });
    });
  }

  test("/ redirects to /web-main", async () => {
    await withPage({}, async ({ page, errors }) => {
      const response = await page.goto("/");
      assert.equal(response?.status(), 200);
      assert.equal(new URL(page.url()).pathname, "/web-main");
      await level1(page).waitFor();
      assertNoErrors(errors, "/");
    });
  });

  test("/settings redirects to /settings/account (or to sign-in)", async () => {
    await withPage({}, async ({ page, errors }) => {
      const response = await page.goto("/settings");
      assert.equal(response?.status(), 200);
      if (isLoginRedirect(page.url(), "/settings")) {
        await assertSignInPage(page);
      } else {
        assert.equal(new URL(page.url()).pathname, "/settings/account");
        await level1(page).waitFor();
      }
      assertNoErrors(errors, "/settings");
    });
  });

  test("an unknown path is a 404 with the not-found screen", async () => {
    await withPage({}, async ({ page, errors }) => {
      const response = await page.goto("/this-page-does-not-exist/at-all");
      assert.equal(response?.status(), 404);
      await page.getByText("Page Not Found", { exact: true }).first().waitFor();
      await hydrated(page);
      // Chromium itself logs the document's 404 as a console error; anything else is a real problem.
      assertNoErrors(
        errors.filter((error) => !/status of 404 .*\/this-page-does-not-exist\/at-all\)$/.test(error)),
        "404 page",
      );
    });
  });
});

describe("preferences", () => {
  test("theme: dark is applied, stored, server-rendered, and switches back", async () => {
    await withPage({}, async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      await page.getByRole("button", { name: "Switch to dark theme", exact: true }).click();
      await waitForPage(page, () => document.documentElement.classList.contains("dark"));
      assert.equal(await themeColor(page), "#030711");
      assert.equal(await storageItem(page, "theme"), "dark");

      // After a reload the server must already send the dark page (no light flash before scripts run).
      const reloaded = await page.reload();
      assert.match(await reloaded.text(), /<html[^>]*\bclass="dark"/);
      assert.ok(await page.evaluate(() => document.documentElement.classList.contains("dark")));
      assert.equal(await storageItem(page, "theme"), "dark");
      assert.equal(await themeColor(page), "#030711");

      // The same holds for a brand-new request carrying only the cookie.
      const fresh = await fetch(`${BASE_URL}/web-main`, { headers: { Cookie: "theme=dark" } });
      assert.match(await fresh.text(), /<html[^>]*\bclass="dark"/);
      const plain = await fetch(`${BASE_URL}/web-main`);
      assert.doesNotMatch(await plain.text(), /<html[^>]*\bclass="dark"/);

      await hydrated(page);
      await page.getByRole("button", { name: "Switch to light theme", exact: true }).click();
      await waitForPage(page, () => !document.documentElement.classList.contains("dark"));
      assert.equal(await themeColor(page), "#ffffff");
      assert.equal(await storageItem(page, "theme"), "light");
      assertNoErrors(errors, "theme switching");
    });
  });

  test("language: Türkçe is applied, stored and server-rendered", async () => {
    await withPage({}, async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      await page.getByRole("link", { name: "Image Generator", exact: true }).waitFor();
      await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Türkçe" });
      await page.getByRole("link", { name: "Görsel Oluşturucu", exact: true }).waitFor();

      const reloaded = await page.reload();
      const html = await reloaded.text();
      assert.match(html, /<html[^>]*\blang="tr"/);
      assert.match(html, /Görsel Oluşturucu/);
      await page.getByRole("link", { name: "Görsel Oluşturucu", exact: true }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), "tr");
      assert.equal(await storageItem(page, "locale"), "tr");
      assertNoErrors(errors, "language switching");
    });
  });

  test("language: localStorage locale=tr alone (no cookie) renders Turkish", async () => {
    const storageState = {
      cookies: [],
      origins: [
        {
          origin: BASE_URL,
          localStorage: [
            { name: "app_version", value: "12" },
            { name: "locale", value: "tr" },
          ],
        },
      ],
    };
    await withPage({ storageState }, async ({ page, context, errors }) => {
      assert.deepEqual(await context.cookies(), []);
      await page.goto("/web-main");
      // The page may reload itself once to tell the server; the locator re-resolves across that reload.
      await page.getByRole("link", { name: "Görsel Oluşturucu", exact: true }).waitFor();
      await waitForPage(page, () => document.documentElement.lang === "tr");
      assert.equal(await storageItem(page, "locale"), "tr");
      assertNoErrors(errors, "locale from storage");
    });
  });

  test("docs/product.md §4: a stored app_version other than 12 clears local storage", async () => {
    await withPage({}, async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      await page.evaluate(() => {
        localStorage.setItem("app_version", "11");
        localStorage.setItem("foo", "bar");
      });
      await page.reload();
      await waitForPage(page, () => localStorage.getItem("app_version") === "12" && localStorage.getItem("foo") === null);
      assertNoErrors(errors, "app_version reset");
    });
  });
});

describe("navigation", () => {
  test("client-side navigation sends a page_view analytics event", async () => {
    await withPage({}, async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      const isPageView = (request) => {
        if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/analytics") return false;
        const body = request.postData() ?? "";
        return body.includes("page_view") && body.includes("/image-generation");
      };
      const [request] = await Promise.all([page.waitForRequest(isPageView), page.getByRole("link", { name: "Image Generator", exact: true }).click()]);
      const payload = JSON.parse(request.postData());
      assert.equal(payload.name, "page_view");
      assert.equal(payload.path, "/image-generation");
      const response = await request.response();
      assert.equal(response?.status(), 204);
      await page.waitForURL("**/image-generation");
      await level1(page).waitFor();
      assertNoErrors(errors, "client-side navigation");
    });
  });

  test("desktop sidebar links to all seven tools", async () => {
    await withPage({ viewport: { width: 1280, height: 800 } }, async ({ page, errors }) => {
      await page.goto("/web-main");
      for (const name of TOOL_LINKS) {
        await page.getByRole("link", { name, exact: true }).waitFor();
      }
      await hydrated(page);
      assertNoErrors(errors, "desktop sidebar");
    });
  });

  test("phone: the sidebar is hidden and 'Open menu' shows it in a drawer", async () => {
    await withPage({ viewport: { width: 390, height: 844 }, hasTouch: true }, async ({ page, errors }) => {
      await page.goto("/web-main");
      await hydrated(page);
      // Role queries skip hidden elements: no visible tool link until the drawer opens.
      for (const name of TOOL_LINKS) {
        assert.equal(await page.getByRole("link", { name, exact: true }).count(), 0, `${name} visible before opening the menu`);
      }
      await page.getByRole("button", { name: "Open menu", exact: true }).click();
      const drawer = page.getByRole("dialog");
      await drawer.waitFor();
      for (const name of TOOL_LINKS) {
        await drawer.getByRole("link", { name, exact: true }).waitFor();
      }
      assertNoErrors(errors, "phone drawer");
    });
  });
});

function themeColor(page) {
  return page.evaluate(() => document.querySelector('meta[name="theme-color"]')?.getAttribute("content"));
}
