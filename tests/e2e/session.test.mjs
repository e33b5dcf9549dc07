// Decision 0020 in a real browser: sign in with an e-mail link from the mailbox; a session revoked from
// another device is announced (docs/product.md §8) with the sign-in dialog open and the half-typed message still in its box;
// visitors see the plans with prices and are asked to sign in when they choose one.
import assert from "node:assert/strict";
/* global document, window, requestAnimationFrame -- only inside callbacks that run in the browser */
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

const withPage = (body) => withSession(browser(), { viewport: { width: 1280, height: 900 } }, body);
const planBadge = (page) => page.locator("aside").getByTestId("plan-badge");

describe("sessions", () => {
  test("e-mail link sign-in; a session revoked elsewhere is announced and the draft is kept", async () => {
    await withPage(async ({ page, errors }) => {
      const { email } = await signUpAndSignIn(page, { name: "Link User", landing: "/web-main" });

      // Another device signs in with an e-mail link, then signs out every other device (this one).
      const other = await openPage(browser());
      try {
        await other.page.goto("/auth/login");
        await hydrated(other.page);
        await other.page.getByRole("link", { name: "Email me a sign-in link" }).click();
        await other.page.waitForURL(/\/auth\/email-link/);
        await hydrated(other.page);
        await other.page.getByLabel("Email address", { exact: true }).fill(email);
        await other.page.getByRole("button", { name: "Send sign-in link" }).click();
        await other.page.getByText("Sign-in link sent by email").waitFor();
        await other.page.goto("/dev/mailbox");
        const message = other.page
          .getByRole("article")
          .filter({ hasText: email })
          .filter({ hasText: /sign-in link/ })
          .first();
        await message.waitFor();
        const link = await message.getByRole("link").first().getAttribute("href");
        await other.page.goto(link);
        await hydrated(other.page);
        // The page names the account the link signs into, masked (decision 0020).
        await other.page.getByTestId("link-account").filter({ hasText: "e2•••@ex•••.com" }).waitFor();
        // Opening the link alone signs nobody in: the button does.
        await other.page.getByRole("button", { name: "Sign in", exact: true }).click();
        await other.page.waitForURL((url) => url.pathname === "/web-main");
        await other.page.goto("/settings/account");
        await hydrated(other.page);
        await other.page.getByRole("button", { name: "Sign out of other devices" }).click();
        await other.page.getByText("Action completed").first().waitFor();
        assertNoErrors(other.errors, "the other device");
      } finally {
        await other.close();
      }

      // This tab was typing when its session was revoked. On its next load it says why, offers sign-in, keeps the text.
      const box = page.getByRole("textbox", { name: "Message" });
      await box.fill("A question I was still writing");
      await page.reload();
      await hydrated(page);
      await page.getByText("Your session has expired, please sign in again").first().waitFor();
      await page.getByRole("dialog", { name: "Sign in" }).waitFor();
      // (The modal dialog hides the page from the accessibility tree, so the box is found by its name attribute.)
      assert.equal(await page.locator('textarea[name="message"]').inputValue(), "A question I was still writing");
      assertNoErrors(errors, "the revoked tab");
    });
  });

  test("an e-mail link whose button fails says why in a toast, and nobody is signed in (docs/product.md §8)", async () => {
    await withPage(async ({ page, errors }) => {
      const owner = await openPage(browser());
      let email;
      try {
        ({ email } = await signUpAndSignIn(owner.page, { name: "Link Twice", landing: "/web-main" }));
      } finally {
        await owner.close();
      }
      await page.goto("/auth/email-link");
      await hydrated(page);
      await page.getByLabel("Email address", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send sign-in link" }).click();
      await page.getByText("Sign-in link sent by email").waitFor();
      await page.goto("/dev/mailbox");
      const message = page
        .getByRole("article")
        .filter({ hasText: email })
        .filter({ hasText: /sign-in link/ })
        .first();
      const link = await message.getByRole("link").first().getAttribute("href");

      // Opened here, then used on another device before this one presses its button.
      await page.goto(link);
      await hydrated(page);
      const other = await openPage(browser());
      try {
        await other.page.goto(link);
        await hydrated(other.page);
        await other.page.getByRole("button", { name: "Sign in", exact: true }).click();
        await other.page.waitForURL((url) => url.pathname === "/web-main");
      } finally {
        await other.close();
      }
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.locator("[data-sonner-toast]").filter({ hasText: "This link is invalid or has already been used." }).waitFor();
      await page.getByRole("alert").filter({ hasText: "This link is invalid or has already been used." }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/auth/email-link");
      assert.equal((await page.request.get("/api/user/profile")).status(), 401, "still signed out");
      assertNoErrors(
        errors.filter((error) => !/status of 400/.test(error)),
        "a used e-mail link",
      );
    });
  });

  test("two open tabs stay in step: name, theme and language changed in one show in the other", async () => {
    await withPage(async ({ context, page, errors }) => {
      await signUpAndSignIn(page, { name: "Tab One", landing: "/settings/account" });
      await hydrated(page);
      const second = await context.newPage();
      await second.goto("/web-main");
      await hydrated(second);
      await second.getByTestId("user-display-name").filter({ hasText: "Tab One" }).waitFor();

      // The name, saved in the first tab, appears in the second one's account menu.
      await page.getByLabel("Display name", { exact: true }).fill("Tab Renamed");
      await page.getByRole("button", { name: "Save name" }).click();
      await second.getByTestId("user-display-name").filter({ hasText: "Tab Renamed" }).waitFor();

      // Theme and language follow too.
      await page.getByRole("button", { name: "Switch to dark theme" }).first().click();
      await second.waitForFunction(() => document.documentElement.classList.contains("dark"));
      await page.getByRole("combobox", { name: "Language" }).first().selectOption("tr");
      await second.waitForFunction(() => document.documentElement.lang === "tr");
      await second.getByRole("combobox", { name: "Dil" }).first().waitFor();
      await second.close();
      assertNoErrors(errors, "two tabs");
    });
  });

  test("two open tabs stay in step on the plan and the model; a new tab shows the chosen model from its first paint", async () => {
    await withPage(async ({ context, page, errors }) => {
      await signUpAndSignIn(page, { name: "Tab Payer", landing: "/web-main" });

      const other = await context.newPage();
      await other.goto("/web-main");
      await hydrated(other);
      await planBadge(other).filter({ hasText: "Free" }).waitFor();

      // Paying in the first tab makes the second one Pro, without the success dialog: that shows in the paying tab only.
      await page.goto("/payment?period=week");
      await hydrated(page);
      await page.getByRole("button", { name: "Continue to demo checkout" }).click();
      await page.waitForURL((url) => url.pathname === "/payment/demo-checkout");
      await hydrated(page);
      await page.getByRole("button", { name: "Complete demo payment" }).click();
      const success = page.getByRole("dialog", { name: "Welcome to Pro!" });
      await success.waitFor();
      await planBadge(other).filter({ hasText: "Pro" }).waitFor();
      assert.equal(await other.getByRole("dialog", { name: "Welcome to Pro!" }).count(), 0, "no success dialog in the other tab");
      await success.getByRole("button", { name: "Close" }).click();

      // A Pro model chosen in the first tab is the second tab's model too.
      await page.goto("/web-main");
      await hydrated(page);
      await page.getByRole("button", { name: /^Model: / }).click();
      await page.getByRole("radio", { name: /^gpt-4o\b(?!-mini)/ }).click();
      await page.getByRole("button", { name: "Model: gpt-4o" }).waitFor();
      await other.getByRole("button", { name: "Model: gpt-4o" }).waitFor();

      // A tab opened now never shows another model's name, not even for a frame (docs/product.md §4: restored before shown).
      const fresh = await context.newPage();
      await fresh.addInitScript(() => {
        const seen = (window.__modelNames = []);
        const look = () => {
          const shown = [...document.querySelectorAll('button[aria-haspopup="dialog"]')].find(
            (button) => button.textContent?.startsWith("Model:") && !button.classList.contains("invisible"),
          );
          const name = shown?.querySelector(".font-medium")?.textContent;
          if (name && seen.at(-1) !== name) seen.push(name);
          requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      });
      await fresh.goto("/web-main");
      await hydrated(fresh);
      await fresh.getByRole("button", { name: "Model: gpt-4o" }).waitFor();
      await planBadge(fresh).filter({ hasText: "Pro" }).waitFor();
      assert.deepEqual(await fresh.evaluate(() => window.__modelNames), ["gpt-4o"]);
      assert.equal(await fresh.getByRole("dialog", { name: "Welcome to Pro!" }).count(), 0, "no success dialog in a new tab");
      await Promise.all([other.close(), fresh.close()]);
      assertNoErrors(errors, "plan and model across tabs");
    });
  });

  test("a visitor sees the plans and prices, and choosing one asks them to sign in", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/payment?period=year");
      await hydrated(page);
      await page.getByTestId("order-summary").waitFor();
      await page.getByRole("link", { name: "Sign in to subscribe" }).click();
      await page.getByRole("dialog", { name: "Sign in" }).waitFor();
      await page.goto("/gallery");
      await hydrated(page);
      await page.getByRole("heading", { name: "Your creations, kept in one place" }).waitFor();
      assertNoErrors(errors, "visitor plans and gallery");
    });
  });
});
