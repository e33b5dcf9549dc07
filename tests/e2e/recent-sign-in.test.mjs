// Decision 0005's recent sign-in in a real browser: 11 minutes after signing in (the development clock moves the app's "now"),
// changing the password and deleting the account open "Confirm it's you"; a wrong password is refused in the dialog,
// the right one repeats the change at once. In English, then in Turkish.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();

/** 11 minutes past the last sign-in: just over SESSION_POLICY.recentSignInMs. */
const ELEVEN_MINUTES_IN_DAYS = 11 / (24 * 60);

async function moveClock(page, days) {
  const moved = await page.request.post("/dev/clock", { form: { days: String(days) }, maxRedirects: 0 });
  assert.equal(moved.status(), 302, "the development clock accepted the move");
}

async function resetClock(page) {
  const reset = await page.request.post("/dev/clock", { form: { intent: "reset" }, maxRedirects: 0 });
  assert.equal(reset.status(), 302, "the development clock was reset");
}

describe("recent sign-in", () => {
  test("after 11 minutes, changing the password and deleting the account ask to confirm it's you, then go through", async () => {
    await withPage(browser(), {}, async ({ page, context, errors }) => {
      await resetClock(page);
      try {
        const { password } = await signUpAndSignIn(page, { name: "Ada Confirm", landing: "/settings/account" });
        await moveClock(page, ELEVEN_MINUTES_IN_DAYS);

        // Change password: refused, the dialog asks; a wrong password is said so inside it; the right one sends the mail.
        await page.reload();
        await hydrated(page);
        await page.getByRole("button", { name: "Change password" }).click();
        const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
        await confirm.waitFor();
        await confirm.getByText("this change needs a sign-in from the last 10 minutes").waitFor();
        await confirm.getByRole("button", { name: "Email me a sign-in link" }).waitFor();
        await confirm.getByLabel("Password", { exact: true }).fill("not-my-password");
        await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
        await confirm.getByRole("alert").filter({ hasText: "Wrong password" }).waitFor();
        await confirm.getByLabel("Password", { exact: true }).fill(password);
        await confirm.getByRole("button", { name: "Confirm", exact: true }).click();
        await confirm.waitFor({ state: "hidden" });
        await page.getByText("Change password email sent").first().waitFor();

        // Another 11 minutes, in Turkish: deleting the account asks again, and goes through after the password.
        await moveClock(page, ELEVEN_MINUTES_IN_DAYS);
        await context.addCookies([{ name: "locale", value: "tr", url: page.url() }]);
        await page.reload();
        await hydrated(page);
        await page.getByRole("button", { name: "Hesabı sil" }).click();
        await page.getByRole("alertdialog", { name: "Hesabınız silinsin mi?" }).getByRole("button", { name: "Hesabımı sil" }).click();
        const onay = page.getByRole("dialog", { name: "Kimliğinizi doğrulayın" });
        await onay.waitFor();
        await onay.getByLabel("Şifre", { exact: true }).fill(password);
        await onay.getByRole("button", { name: "Doğrula", exact: true }).click();
        await page.waitForURL((url) => url.pathname === "/auth/login" && url.searchParams.get("notice") === "account-deleted");

        // The browser logs the refusals it was given: 401 for requires-recent-login and for the wrong password.
        assertNoErrors(
          errors.filter((error) => !/status of 401/.test(error)),
          "confirming it's you",
        );
      } finally {
        await resetClock(page);
      }
    });
  });
});
