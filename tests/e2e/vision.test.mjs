// Readings and tools that look at the picture (decision 0030), in Chromium against the offline demo
// provider served by `wrangler dev` (tests/e2e/run.mjs): the coffee reading needs a photo of the cup and its demo
// reading says what it saw in the photo's pixels; a finished tattoo is shown on the person's own photo, moved and
// resized by keyboard, and downloaded as the composite.
/* global document -- only inside page.evaluate/waitForFunction callbacks, which run in the browser */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, waitForPage, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();
const withPage = (body) => withSession(browser(), { acceptDownloads: true }, body);

const PHOTO = fileURLToPath(new URL("../fixtures/photo-translate-sign.png", import.meta.url));
/** The fixture's size, read from its PNG header. */
const PHOTO_SIZE = (() => {
  const bytes = readFileSync(PHOTO);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
})();

/** Signs up on the tattoo generator and makes a tattoo for the photo; returns once the design is on screen. */
async function makeTattoo(page, name) {
  await signUpAndSignIn(page, { name, landing: "/tattoo-generator" });
  await page.getByLabel("Photo of the body part").setInputFiles(PHOTO);
  await page.getByText("Photo ready").waitFor();
  await page.getByRole("button", { name: "Create tattoo" }).click();
  await page.getByRole("img", { name: "Tattoo design" }).first().waitFor({ timeout: 60_000 });
}

const conversation = (page) => page.getByRole("list", { name: "Conversation" });

describe("pictures that readings and tools look at (demo provider)", () => {
  test("the coffee reading asks for a cup photo, then reads the photo's size and tone", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/horoscope/coffee");
      await hydrated(page);
      await page.getByRole("button", { name: "Get my reading" }).click();
      await page.getByText("Please add a photo of your coffee cup").waitFor();

      await page.getByLabel("Photo of your cup").setInputFiles(PHOTO);
      await page.getByText("Photo ready").waitFor();
      await page.getByLabel("Your question (optional)").fill("Will I travel this year?");
      await page.getByRole("button", { name: "Get my reading" }).click();

      await page.waitForURL(/\/horoscope\/coffee\/[^/?#]+$/);
      const answer = conversation(page).locator(":scope > li").last();
      await answer.getByText("Demo model").first().waitFor();
      await answer.getByText(`I looked at your cup's photo (${PHOTO_SIZE.width} × ${PHOTO_SIZE.height} pixels). Its dominant tone is`).waitFor();
      // The question shows the photo it carried.
      await conversation(page).getByRole("img").first().waitFor();
      assertNoErrors(errors, "coffee reading");
    });
  });

  test("a tattoo is shown on the person's photo, moved and resized by keyboard, and downloaded as the composite", async () => {
    await withPage(async ({ page, errors }) => {
      await makeTattoo(page, "Ada Tattoo");

      // Beside the photo, and on it.
      const preview = page.getByRole("img", { name: /Your photo with the tattoo design/ }).first();
      await preview.waitFor();
      // Drawn at the photo's size once both pictures are decoded.
      await waitForPage(page, (width) => document.querySelector("canvas[aria-label]")?.width === width, PHOTO_SIZE.width);
      const pixels = () => preview.evaluate((canvas) => canvas.toDataURL("image/png"));
      /** Waits until the canvas shows something other than `before` (it redraws after each change). */
      const changedFrom = (before) => waitForPage(page, (old) => document.querySelector("canvas[aria-label]")?.toDataURL("image/png") !== old, before);
      const placed = await pixels();

      // Keyboard: focus the picture and move the design with the arrows; the size control makes it larger.
      await preview.focus();
      for (let step = 0; step < 5; step++) await preview.press("ArrowRight");
      await changedFrom(placed);
      const moved = await pixels();
      await page.getByRole("button", { name: "Larger design" }).first().press("Enter");
      await changedFrom(moved);

      // The download is the composite, at the photo's own size.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the preview" }).first().click()]);
      assert.equal(download.suggestedFilename(), "tattoo-on-your-photo.png");
      const bytes = readFileSync(await download.path());
      assert.equal(bytes.subarray(1, 4).toString("latin1"), "PNG");
      assert.deepEqual({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }, PHOTO_SIZE);
      assertNoErrors(errors, "tattoo preview");
    });
  });

  test("the gallery's full-size view of a tattoo shows the design alone and placed on the photo it was made for", async () => {
    await withPage(async ({ page, errors }) => {
      await makeTattoo(page, "Ada Gallery");
      await page.goto("/gallery");
      await hydrated(page);
      await page
        .getByRole("button", { name: /^Open / })
        .first()
        .click();
      const viewer = page.getByRole("dialog");
      // The design alone is the view's picture (named by its title: the theme), the photo beside it ...
      const title = await viewer.getByRole("heading").first().innerText();
      await viewer.getByRole("img", { name: title, exact: true }).waitFor();
      await viewer.getByRole("img", { name: "Your photo", exact: true }).waitFor();
      // ... and the same composition as the tattoo screen: the design drawn on the photo, at the photo's size, movable.
      const preview = viewer.getByRole("img", { name: /Your photo with the tattoo design/ });
      await preview.waitFor();
      await waitForPage(page, (width) => document.querySelector("[role=dialog] canvas[aria-label]")?.width === width, PHOTO_SIZE.width);
      const placed = await preview.evaluate((canvas) => canvas.toDataURL("image/png"));
      await viewer.getByRole("button", { name: "Move the design right" }).click();
      await waitForPage(page, (old) => document.querySelector("[role=dialog] canvas[aria-label]")?.toDataURL("image/png") !== old, placed);
      assertNoErrors(errors, "tattoo in the gallery");
    });
  });
});
