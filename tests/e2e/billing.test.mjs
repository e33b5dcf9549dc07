// Pro billing in Chromium (decision 0007), in demo mode (no Stripe keys): a Free user meets the after-sign-in
// Pro dialog once, runs out of credits -> upgrade dialog -> payment page -> demo checkout (signed events through the
// app's own Stripe webhook) -> success view and dialog -> Pro badge, a Pro model usable, credits unlimited -> account
// deletion refused -> cancel -> still Pro -> the clock moves past the period end -> Free again -> deletion allowed.
//
// This file runs its own `wrangler dev` with a Free allowance of 2 credits (so running out takes two messages), none
// for visitors (so a visitor's first question needs an account: docs/product.md §4's tempMessage) and the
// after-sign-in dialog on (tests/e2e/server.mjs turns it off for the other files). The clock moves through the
// development-only /dev/clock page (a 404 in production; docs/decisions/0007-billing.md).
/* global document -- only inside waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { assertNoErrors, hydrated, openPage, signUpAndSignIn, useBrowser, waitForPage } from "./helpers.mjs";
import { FAST_DEMO_PACE, startServer } from "./server.mjs";

const browser = useBrowser();
const FREE_DAILY = 2;
const PHOTO = fileURLToPath(new URL("../fixtures/photo-translate-sign.png", import.meta.url));
const ANSWER_TIMEOUT_MS = 90_000;

let server;

before(async () => {
  server = await startServer({
    label: "e2e-billing",
    vars: { CREDITS_FREE_DAILY: String(FREE_DAILY), CREDITS_GUEST_DAILY: "0", PAYWALL_AFTER_SIGN_IN: "true", ...FAST_DEMO_PACE },
  });
});

after(async () => {
  await server?.stop();
});

const planBadge = (page) => page.locator("aside").getByTestId("plan-badge");
const credits = (page) => page.getByTestId("credits");

const conversationLength = (page) => page.locator('ol[aria-label="Conversation"] > li').count();

/** Sends a chat message; returns how many conversation items there were before it. */
async function ask(page, text) {
  const before = await conversationLength(page);
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  // Click rather than press Enter: the click waits until the composer is ready (not still finishing the last answer).
  await page.getByRole("button", { name: "Send" }).click({ timeout: ANSWER_TIMEOUT_MS });
  return before;
}

/**
 * Waits until the answer to the message sent after `before` items has finished streaming. The demo answer streams at
 * a reader's pace; on a busy 2-core machine that can take a good while, hence the longer limit.
 */
async function waitForAnswer(page, before) {
  await page.waitForFunction(
    (count) => {
      const items = document.querySelectorAll('ol[aria-label="Conversation"] > li');
      const last = items[items.length - 1];
      return items.length >= count + 2 && last?.getAttribute("aria-busy") === "false" && (last.textContent ?? "").includes("Demo model");
    },
    before,
    { timeout: ANSWER_TIMEOUT_MS },
  );
}

async function moveClock(page, days) {
  const response = await page.request.post("/dev/clock", { form: { days: String(days) }, maxRedirects: 0 });
  assert.equal(response.status(), 302, "the development clock accepted the move");
}

describe("Pro subscription (demo checkout)", () => {
  test("Free -> out of credits -> demo checkout -> Pro -> cancel -> period ends -> Free; deletion refused while Pro", async () => {
    const session = await openPage(browser(), { baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    const { page, errors } = session;
    try {
      const email = `e2e-billing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const password = "ledger-stone-4";
      await signUpAndSignIn(page, { name: "Ada Billing", landing: "/web-main", email, password });

      // docs/product.md §4: right after signing in, a basic-plan user sees the Pro dialog once.
      const paywall = page.getByRole("dialog", { name: "Upgrade to Pro" });
      await paywall.getByText("Welcome! Go Pro for unlimited access").waitFor();
      await paywall.getByRole("button", { name: "Maybe later" }).click();
      await paywall.waitFor({ state: "hidden" });
      assert.equal((await planBadge(page).textContent())?.trim(), "Free");
      // Once per user: a reload does not show it again.
      await page.reload();
      await hydrated(page);
      await credits(page).getByText(`${FREE_DAILY} of ${FREE_DAILY} credits left today`).waitFor();
      assert.equal(await page.getByRole("dialog", { name: "Upgrade to Pro" }).count(), 0);

      // Use up the day's free credits; the next message opens the upgrade dialog.
      for (let index = 0; index < FREE_DAILY; index++) {
        await waitForAnswer(page, await ask(page, `Question number ${index + 1} about quokkas`));
      }
      await credits(page).getByText(`0 of ${FREE_DAILY} credits left today`).waitFor({ timeout: ANSWER_TIMEOUT_MS });
      await ask(page, "One more question, please");
      const upgrade = page.getByRole("dialog", { name: "Upgrade to Pro" });
      await upgrade.getByText("You have used all of today's free credits.").waitFor({ timeout: ANSWER_TIMEOUT_MS });
      await upgrade.getByRole("link", { name: "See Pro plans" }).click();

      // The payment page: demo prices, the saving the prices give, totals for the chosen period.
      await page.waitForURL((url) => url.pathname === "/payment");
      await page.getByRole("heading", { level: 1, name: "Upgrade to Pro" }).waitFor();
      await page.getByTestId("demo-prices").getByText("Demo prices").waitFor();
      await page.getByText("Save 75%").waitFor();
      await hydrated(page);
      await page.getByText("Weekly", { exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("period") === "week");
      const summary = page.getByTestId("order-summary");
      await summary.getByText("$3.99").first().waitFor();
      assert.match(await summary.innerText(), /Total due today\s+\$3\.99/);
      assert.match(await summary.innerText(), /Currency\s+USD/);
      await page.getByRole("button", { name: "Continue to demo checkout" }).click();

      // The demo checkout: clearly labelled, no card.
      await page.waitForURL((url) => url.pathname === "/payment/demo-checkout");
      await page.getByRole("heading", { level: 1, name: "Demo checkout" }).waitFor();
      await page.getByText("no card is charged").first().waitFor();
      await hydrated(page);
      await page.getByRole("button", { name: "Complete demo payment" }).click();

      // Back on the success view; the plan is active, so the success dialog opens over it. The modal hides the page
      // from assistive technology (and so from getByRole) while it is open, so the heading is read once it is closed:
      // checked before, it raced the dialog's chunk and failed whenever the dialog came first.
      await page.waitForURL((url) => url.pathname === "/payment" && url.searchParams.get("success") === "1");
      const success = page.getByRole("dialog", { name: "Welcome to Pro!" });
      await success.waitFor();
      await success.getByRole("button", { name: "Close" }).click();
      await success.waitFor({ state: "hidden" });
      await page.getByRole("heading", { level: 1, name: "Pro Subscription is Ready" }).waitFor();
      await waitForPage(page, () => document.querySelector('aside [data-testid="plan-badge"]')?.textContent?.trim() === "Pro");

      // A Pro model is usable and credits are unlimited.
      await page.locator("aside").getByRole("link", { name: "New chat" }).click();
      await page.waitForURL((url) => url.pathname === "/web-main");
      await credits(page).getByText("Pro: unlimited").waitFor();
      await page.getByRole("button", { name: /^Model: / }).click();
      await page.getByRole("radio", { name: /^gpt-4o\b(?!-mini)/ }).click();
      await page.getByRole("button", { name: "Model: gpt-4o" }).waitFor();
      assert.equal(await page.getByRole("dialog", { name: "Upgrade to Pro" }).count(), 0, "no upgrade dialog for a Pro model");
      await waitForAnswer(page, await ask(page, "A question for a Pro model"));
      await credits(page).getByText("Pro: unlimited").waitFor();

      // docs/product.md §5: while Pro renews, deleting the account is refused.
      await page.goto("/settings/account");
      await hydrated(page);
      await page.getByText("Your Pro subscription is still active. Cancel it first").first().waitFor();
      await page.getByRole("button", { name: "Delete account" }).click();
      const confirmDelete = page.getByRole("alertdialog", { name: "Delete your account?" });
      await confirmDelete.getByRole("button", { name: "Delete my account" }).click();
      await confirmDelete.getByRole("alert").filter({ hasText: "Your Pro subscription is still active" }).waitFor();
      await confirmDelete.getByRole("button", { name: "Cancel" }).click();

      // My Plan: PRO, weekly, renewing; cancel keeps Pro to the end of the period.
      await page.goto("/settings/my-plan");
      await hydrated(page);
      assert.equal((await page.getByTestId("current-plan").textContent())?.trim(), "PRO");
      assert.equal((await page.getByTestId("billing-period").textContent())?.trim(), "Weekly");
      await page.getByText("Renews on").waitFor();
      await page.getByRole("button", { name: "Cancel subscription" }).click();
      await page.getByRole("button", { name: "Yes, cancel" }).click();
      await page.getByText("Subscription cancelled").first().waitFor();
      await page.getByText("Cancelled: Pro stays active until").waitFor();
      await page.getByText("Pro until").first().waitFor();
      assert.equal((await page.getByTestId("current-plan").textContent())?.trim(), "PRO");
      await page.reload();
      await hydrated(page);
      assert.equal((await planBadge(page).textContent())?.trim(), "Pro", "still Pro after cancelling");
      await page.getByRole("button", { name: "Resume subscription" }).waitFor();

      // Past the end of the paid week: Free again.
      await moveClock(page, 8);
      await page.reload();
      await hydrated(page);
      assert.equal((await page.getByTestId("current-plan").textContent())?.trim(), "FREE");
      await page.getByText("Your last Pro subscription ended on").waitFor();
      assert.equal((await planBadge(page).textContent())?.trim(), "Free");
      await page.goto("/web-main");
      await hydrated(page);
      await credits(page).getByText(`of ${FREE_DAILY} credits left today`).waitFor();
      await page.getByRole("button", { name: /^Model: / }).click();
      await page.getByRole("radio", { name: /^gpt-4o\b(?!-mini)/ }).click();
      await page.getByRole("dialog", { name: "Upgrade to Pro" }).getByText("This model is part of Pro.").waitFor();
      await page.keyboard.press("Escape");

      // Free: deleting the account is allowed now, once the owner confirms it is them (the sign-in was 8 days ago).
      await page.goto("/settings/account");
      await hydrated(page);
      assert.equal(await page.getByText("Your Pro subscription is still active").count(), 0);
      await page.getByRole("button", { name: "Delete account" }).click();
      await page.getByRole("alertdialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" }).click();
      const confirmIdentity = page.getByRole("dialog", { name: "Confirm it's you" });
      await confirmIdentity.getByLabel("Password", { exact: true }).fill(password);
      await confirmIdentity.getByRole("button", { name: "Confirm", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/auth/login" && url.searchParams.get("notice") === "account-deleted");

      // Expected refusals the browser logs: 402 for the message past the free credits, 409 for the refused deletion,
      // 401 for the deletion that asked to confirm it's you.
      assertNoErrors(
        errors.filter((error) => !/status of (401|402|409)/.test(error)),
        "the billing flow",
      );
    } finally {
      await session.close();
    }
  });

  test("a visitor's question that needs an account keeps its image and text through sign-up, and both are sent once", async () => {
    const session = await openPage(browser(), { baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } });
    const { page, errors } = session;
    try {
      await page.goto("/web-main");
      await hydrated(page);
      const box = page.getByRole("textbox", { name: "Message" });
      const composer = page.locator("form").filter({ has: box });
      await page.getByLabel("Attach an image or a file (JPEG, PNG, PDF, Word, text)").setInputFiles(PHOTO);
      await composer.getByRole("img", { name: "Attached image" }).waitFor();
      const question = `What does this sign say? ${Date.now().toString(36)}`;
      await box.fill(question);
      await composer.getByRole("button", { name: "Send" }).click();

      // No credits for visitors here: the upgrade dialog comes, and the question waits in its box with its image.
      await page.getByRole("dialog", { name: "Upgrade to Pro" }).waitFor();
      await page.keyboard.press("Escape");
      assert.equal(await box.inputValue(), question);
      await composer.getByRole("img", { name: "Attached image" }).waitFor();

      // Signing up and in happens in this tab (pages, e-mail link, sign-in form); back on the chat, it is sent.
      await signUpAndSignIn(page, { name: "Ada Visitor", landing: "/web-main" });
      await page.getByRole("dialog", { name: "Upgrade to Pro" }).getByRole("button", { name: "Maybe later" }).click();
      await page.waitForURL(/\/web-main\/[^/?#]+$/);
      // The person's messages (each can be edited); the demo answer quotes the question too, so text alone is not enough.
      const asked = () =>
        page
          .getByRole("list", { name: "Conversation" })
          .locator(":scope > li")
          .filter({ hasText: question, has: page.getByRole("button", { name: "Edit", exact: true }) });
      await asked().getByRole("img", { name: "Attached image" }).waitFor();
      // The image is the account's now (signing in adopted the visitor's upload): it loads.
      await waitForPage(page, () =>
        [...document.querySelectorAll('ol[aria-label="Conversation"] img')].some((image) => image.complete && image.naturalWidth > 0),
      );
      // Once: a reload shows the one question, not a second copy.
      await page.reload();
      await hydrated(page);
      await asked().first().waitFor();
      assert.equal(await asked().count(), 1);
      assertNoErrors(
        errors.filter((error) => !/status of 402/.test(error)),
        "a visitor's question kept through sign-in",
      );
    } finally {
      await session.close();
    }
  });

  test("a visitor asking for the demo checkout is sent to sign in first", async () => {
    // (With Stripe keys, or in production, the page is a 404: tests/integration/billing-stripe.test.ts.)
    const response = await fetch(`${server.baseUrl}/payment/demo-checkout?period=week`, { redirect: "manual" });
    assert.equal(response.status, 302);
    assert.match(response.headers.get("location") ?? "", /^\/auth\/login\?redirectTo=/);
  });
});
