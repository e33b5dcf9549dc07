// Schedules made in words (decision 0045) in a real browser: a request in the chat shows a proposed schedule under
// the demo answer, still there after a reload; nothing is scheduled until "Create schedule", and then /schedules lists it.
import assert from "node:assert/strict";
/* global document -- only inside callbacks that run in the browser */
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();
const ANSWER_TIMEOUT_MS = 90_000;

describe("a schedule proposed in a chat", () => {
  test("the card shows the rule, survives a reload, and Create schedule puts it on /schedules", async () => {
    await withPage(browser(), { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Proposal Person", landing: "/web-main" });
      await page.getByRole("textbox", { name: "Message" }).fill("remind me every weekday at 8 to stretch");
      await page.getByRole("button", { name: "Send" }).click();
      await page.waitForFunction(
        () => {
          const last = [...document.querySelectorAll('ol[aria-label="Conversation"] > li')].pop();
          return last?.getAttribute("aria-busy") === "false" && (last.textContent ?? "").includes("Demo model");
        },
        undefined,
        { timeout: ANSWER_TIMEOUT_MS },
      );
      let card = page.getByRole("region", { name: "Proposed schedule" });
      await card.waitFor();
      assert.match(await card.innerText(), /Every Monday, Tuesday, Wednesday, Thursday, and Friday at 08:00/);
      assert.match(await card.innerText(), /Remind me to stretch/);

      await page.reload();
      await hydrated(page);
      card = page.getByRole("region", { name: "Proposed schedule" });
      await card.waitFor();
      await card.getByRole("button", { name: "Create schedule" }).click();
      await card.getByRole("status").filter({ hasText: "Schedule made" }).waitFor();

      await page.goto("/schedules");
      await hydrated(page);
      await page.getByRole("listitem").filter({ hasText: "Remind me to stretch" }).waitFor();
      assertNoErrors(errors);
    });
  });
});
