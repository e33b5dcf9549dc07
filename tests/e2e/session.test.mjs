// Issue 17 items 7, 9 and 14 in a real browser: sign in with an e-mail link from the mailbox; a session revoked from
// another device is announced (SPEC §8) with the sign-in dialog open and the half-typed message still in its box;
// visitors see the plans with prices and are asked to sign in when they choose one.
import assert from "node:assert/strict";
/* global document -- only inside waitForFunction callbacks, which run in the browser */
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

const withPage = (body) => withSession(browser(), {}, body);

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
        const message = other.page.getByRole("article").filter({ hasText: email }).filter({ hasText: /sign-in link/ }).first();
        await message.waitFor();
        const link = await message.getByRole("link").first().getAttribute("href");
        await other.page.goto(link);
        await hydrated(other.page);
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
