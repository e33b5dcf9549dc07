// "Edit image" in Chromium against the shared demo server (decision 0029): make a picture, open it
// in the gallery's full-size view, edit it with a painted area, get told when the new version is ready, and see it
// beside its original; "use again" on the version reopens the editor with its change.
/* global createImageBitmap, OffscreenCanvas -- only inside a page.evaluate callback, which runs in the browser */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();
const withPage = (body) => withSession(browser(), {}, body);

describe("edit image", () => {
  test("edit from the gallery's full-size view with a brush mask, then see the version beside the original", async () => {
    await withPage(async ({ page, errors }) => {
      await signUpAndSignIn(page, { name: "Edi Images", landing: "/image-generation" });
      await hydrated(page);
      const prompt = `A red bicycle ${Date.now().toString(36)}`;
      await page.getByLabel("Describe the image").fill(prompt);
      await page.getByRole("button", { name: "Generate image" }).click();
      const ready = page.locator("[data-sonner-toast]").filter({ hasText: "Your image is ready" });
      await ready.first().waitFor({ timeout: 30_000 });
      await ready.first().getByRole("button", { name: "View" }).click();

      // The gallery's full-size view offers "Edit image".
      await page.waitForURL((url) => url.pathname === "/gallery");
      const viewer = page.getByRole("dialog");
      await viewer.getByRole("heading", { name: prompt }).waitFor();
      await viewer.getByRole("link", { name: "Edit image" }).click();
      await page.waitForURL((url) => url.pathname === "/image-generation" && url.searchParams.has("edit"));
      await hydrated(page);

      // Paint over part of the picture (the brush loads now), describe the change; the cost shows before acting.
      await page.getByRole("button", { name: "Paint the area to change" }).click();
      const canvas = page.getByLabel("Paint the area to change on the picture");
      await canvas.waitFor();
      const box = await canvas.boundingBox();
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6, { steps: 8 });
      await page.mouse.up();
      await page.getByTestId("credits").filter({ hasText: "this costs 4" }).waitFor();
      await page.getByLabel("Describe the change").fill("make it a watercolour");
      await page.getByRole("button", { name: "Edit image" }).click();

      // Progress, then the toast leads to the new version in the gallery, beside its original.
      await page.getByRole("article", { name: "make it a watercolour" }).getByRole("status").waitFor();
      const edited = page.locator("[data-sonner-toast]").filter({ hasText: "Your image is ready" });
      await edited.first().waitFor({ timeout: 30_000 });
      await edited.first().getByRole("button", { name: "View" }).click();
      await page.waitForURL((url) => url.pathname === "/gallery" && url.searchParams.has("image"));
      await viewer.getByRole("heading", { name: "make it a watercolour" }).waitFor();
      await viewer.getByText("Demo model").waitFor();
      const versions = viewer.locator("[data-versions] button");
      assert.deepEqual(await versions.allInnerTexts(), ["Original", "Version 1"]);
      assert.equal(await viewer.getByRole("button", { name: "Show Version 1" }).getAttribute("aria-current"), "true");
      // The demo really changed the pixels, and only where the brush went: some differ from the original, most do not.
      const [originalUrl, versionUrl] = await versions.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")));
      const changed = await page.evaluate(
        async ([first, second]) => {
          const read = async (url) => {
            const bitmap = await createImageBitmap(await (await fetch(url)).blob());
            const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
            const context = canvas.getContext("2d");
            context.drawImage(bitmap, 0, 0);
            return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
          };
          const [a, b] = await Promise.all([read(first), read(second)]);
          let differing = 0;
          for (let index = 0; index < a.length; index += 4)
            if (Math.abs(a[index] - b[index]) + Math.abs(a[index + 1] - b[index + 1]) + Math.abs(a[index + 2] - b[index + 2]) > 30) differing++;
          return differing / (a.length / 4);
        },
        [originalUrl, versionUrl],
      );
      assert.ok(changed > 0.005 && changed < 0.5, `share of changed pixels: ${changed}`);
      await viewer.getByRole("button", { name: "Show Original" }).click();
      await viewer.getByRole("heading", { name: prompt }).waitFor();

      // "Use again" on the version reopens the editor on the same picture with its change.
      await viewer.getByRole("button", { name: "Show Version 1" }).click();
      await viewer.getByRole("link", { name: "Use again" }).click();
      await page.waitForURL((url) => url.pathname === "/image-generation" && url.searchParams.has("from"));
      await hydrated(page);
      assert.equal(await page.getByLabel("Describe the change").inputValue(), "make it a watercolour");
      assertNoErrors(errors, "edit image");
    });
  });
});
