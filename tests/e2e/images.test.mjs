// The image tools and the gallery in Chromium (decision 0006): sign in, generate an image, leave the page
// (the "ready" toast still comes), find it in the gallery, download it, delete it; make a text logo and download
// its SVG (and PNG); run photo translate on a shipped test photo with the fake provider.
//
// This file runs its own `wrangler dev` with OpenAI pointed at the fake OpenAI-compatible server
// (tests/mocks/fake-openai.mjs), so every call goes through the real openai SDK: images.generate for pictures and
// a vision chat completion for photo translate. The shared server of tests/e2e/run.mjs stays in demo mode.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { startFakeOpenAI } from "../mocks/fake-openai.mjs";
import { assertNoErrors, hydrated, signUpAndSignIn, useBrowser, withPage as withSession } from "./helpers.mjs";
import { startServer } from "./server.mjs";

const browser = useBrowser();
const PHOTO = fileURLToPath(new URL("../fixtures/photo-translate-sign.png", import.meta.url));

let fake;
let server;
/** One account for the whole file (signing up takes a few round trips through the local mailbox). */
let storageState;

before(async () => {
  fake = await startFakeOpenAI({ port: 0 });
  server = await startServer({
    label: "e2e-images",
    vars: { OPENAI_API_KEY: "sk-fake-e2e", OPENAI_BASE_URL: fake.url, OPENAI_IMAGE_MODEL: "gpt-image-1" },
  });
});

after(async () => {
  await server?.stop();
  await fake?.close();
});

const withPage = (body) => withSession(browser(), { baseURL: server.baseUrl, acceptDownloads: true, ...(storageState ? { storageState } : {}) }, body);

/** The card of a job on a tool page, found by its title. */
const card = (page, title) => page.getByRole("article", { name: title });

describe("image tools and gallery (fake provider through the openai SDK)", () => {
  test("a visitor sees the tools and is asked to sign in before creating", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/image-generation");
      await hydrated(page);
      await page.getByText("Sign in to create").waitFor();
      await page.getByLabel("Describe the image").fill("a visitor's idea");
      await page.getByRole("button", { name: "Generate image" }).click();
      // The auth dialog opens over the page instead of anything being sent.
      await page.getByRole("dialog").waitFor();
      assert.equal(new URL(page.url()).pathname, "/image-generation");
      assertNoErrors(errors, "visitor on /image-generation");
    });
  });

  test("generate an image, leave the page, get told it is ready, find it in the gallery, download it, delete it", async () => {
    await withPage(async ({ page, context, errors }) => {
      await signUpAndSignIn(page, { name: "Ada Images", landing: "/image-generation" });
      storageState = await context.storageState();
      await hydrated(page);

      // Credits are shown before acting: balance, this action's cost, the refill time.
      await page.getByTestId("credits").filter({ hasText: "this costs 4" }).waitFor();
      // An empty description is refused before anything is sent, with the reason read out with the field.
      await page.getByRole("button", { name: "Generate image" }).click();
      const description = page.getByLabel("Describe the image");
      const required = page.getByText("This field is required", { exact: true });
      await required.waitFor();
      assert.equal(await description.getAttribute("aria-invalid"), "true");
      assert.ok(((await description.getAttribute("aria-describedby")) ?? "").split(" ").includes(await required.getAttribute("id")));

      const prompt = `A lighthouse on a cliff at dusk ${Date.now().toString(36)}`;
      await page.getByLabel("Describe the image").fill(prompt);
      await page.getByRole("radio", { name: "Watercolour" }).check();
      await page.getByRole("radio", { name: "Landscape (3:2)" }).check();
      await page.getByText("Drawn by gpt-image-1").waitFor();
      await page.getByRole("button", { name: "Generate image" }).click();

      // Progress shows at once; then the person leaves for another tool before it is done.
      await card(page, prompt).getByRole("status").waitFor();
      await page.getByRole("link", { name: "Logo Maker", exact: true }).click();
      await page.waitForURL("**/logo-maker");
      // The layout's watcher still reports it, with a way to see it.
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Your image is ready" });
      await toast.waitFor({ timeout: 30_000 });
      await toast.getByRole("button", { name: "View" }).click();

      // The gallery opens on it: the full-size view with what it was made with.
      await page.waitForURL((url) => url.pathname === "/gallery");
      const viewer = page.getByRole("dialog");
      await viewer.getByRole("heading", { name: prompt }).waitFor();
      await viewer.getByText("gpt-image-1").waitFor();
      await viewer.getByText("Image Generator").waitFor();

      // Download: the server names the file.
      const [download] = await Promise.all([page.waitForEvent("download"), viewer.getByRole("link", { name: "Download" }).click()]);
      assert.equal(download.suggestedFilename(), `image-generation ${prompt} ${new Date().toISOString().slice(0, 10)}.png`);
      const bytes = readFileSync(await download.path());
      assert.deepEqual([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join(""), "PNG");

      // Coming back later: it is listed with tool, prompt, model and date.
      await viewer.getByRole("button", { name: "Close" }).click();
      await page.waitForURL((url) => url.pathname === "/gallery" && !url.searchParams.has("image"));
      await page.getByRole("button", { name: `Open ${prompt}` }).waitFor();
      await page.reload();
      await hydrated(page);
      await page.getByRole("button", { name: `Open ${prompt}` }).click();

      // Delete, behind a confirmation.
      await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByText("Delete this creation?").waitFor();
      await page.getByRole("button", { name: "Delete for good" }).click();
      await page.locator("[data-sonner-toast]").filter({ hasText: "Deleted from your gallery" }).waitFor();
      await page.getByRole("heading", { name: "Your gallery is empty" }).waitFor();
      await page.reload();
      await page.getByRole("heading", { name: "Your gallery is empty" }).waitFor();
      // The empty state leads to the tools.
      await page.getByRole("main").getByRole("link", { name: "Logo Maker" }).waitFor();
      assertNoErrors(errors, "image generation and gallery");
    });
  });

  test("make a text logo and download it as SVG and as PNG", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/logo-maker");
      await hydrated(page);
      await page.getByRole("radio", { name: /Text logo/ }).check();
      await page.getByRole("radio", { name: "Luxury" }).check();
      await page.getByLabel("Brand name").fill("Acme & Co");
      await page.getByLabel("Slogan (optional)").fill("Fine things since 1921");
      await page.getByRole("button", { name: "Make logo" }).click();

      const logo = card(page, "Acme & Co — Fine things since 1921");
      await logo.getByRole("img", { name: /Acme & Co/ }).waitFor({ timeout: 30_000 });
      await logo.getByText("Made with Vector, made on the server").waitFor();

      const [svgDownload] = await Promise.all([page.waitForEvent("download"), logo.getByRole("link", { name: "Download SVG" }).click()]);
      // The server's name (Content-Disposition filename*, which browsers prefer): tool, the words, the date.
      assert.match(svgDownload.suggestedFilename(), /^logo-maker Acme & Co — Fine things since 1921 \d{4}-\d{2}-\d{2}\.svg$/);
      const svg = readFileSync(await svgDownload.path(), "utf8");
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), "an SVG file");
      assert.match(svg, /ACME &#38; CO/);

      const [pngDownload] = await Promise.all([page.waitForEvent("download"), logo.getByRole("button", { name: "Download PNG" }).click()]);
      assert.match(pngDownload.suggestedFilename(), /\.png$/);
      const png = readFileSync(await pngDownload.path());
      assert.equal(png.subarray(1, 4).toString("ascii"), "PNG");
      // Rasterised at the logo's full size.
      assert.equal(png.readUInt32BE(16), 1200);
      assert.equal(png.readUInt32BE(20), 600);
      assertNoErrors(errors, "text logo");
    });
  });

  test("photo translate reads the shipped photo with the vision model and shows each block beside its translation", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/photo-translate");
      await hydrated(page);
      // More than 40 target languages, named in the interface language.
      const options = await page.getByLabel("Translate into").locator("option").allTextContents();
      assert.ok(options.length >= 40, `${options.length} languages`);
      assert.ok(options.includes("Turkish") && options.includes("Japanese"));

      await page.getByLabel("Photo with text").setInputFiles(PHOTO);
      await page.getByText("Photo ready").waitFor();
      await page.getByLabel("Translate into").selectOption({ label: "Turkish" });
      await page.getByRole("button", { name: "Translate", exact: true }).click();

      const result = card(page, "Into Turkish");
      await result.getByText("Detected language: English").waitFor({ timeout: 30_000 });
      const rows = result.getByRole("row");
      await rows.filter({ hasText: "OPEN" }).filter({ hasText: "AÇIK" }).waitFor();
      await rows.filter({ hasText: "Push to enter" }).filter({ hasText: "İçeri girmek için itin" }).waitFor();
      assert.equal(await result.getByRole("button", { name: "Copy translation" }).count(), 2);
      assert.equal(await result.getByRole("button", { name: "Copy original" }).count(), 2);
      // A real model answered: no demo notice.
      assert.equal(await result.getByText(/Demo model/).count(), 0);

      // The same screen in Turkish names the languages in Turkish.
      await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Türkçe" });
      await page.getByLabel("Çevrilecek dil").waitFor();
      // The label comes with the strings, the language names with the page's data revalidated in Turkish: wait for both.
      await page.getByLabel("Çevrilecek dil").locator("option", { hasText: "Japonca" }).waitFor({ state: "attached" });
      const turkish = await page.getByLabel("Çevrilecek dil").locator("option").allTextContents();
      assert.ok(turkish.includes("Türkçe") && turkish.includes("Japonca"));
      await page.getByText("Algılanan dil: İngilizce").waitFor();
      assertNoErrors(errors, "photo translate");
    });
  });

  test("a refused upload says why, in the interface language", async () => {
    await withPage(async ({ page, errors }) => {
      await page.goto("/tattoo-generator");
      await hydrated(page);
      await page
        .getByLabel("Photo of the body part")
        .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.7 not really a png") });
      await page.getByRole("alert").filter({ hasText: "Only JPEG, JPG and PNG images can be uploaded." }).waitFor();
      assertNoErrors(
        errors.filter((error) => !/status of 415/.test(error)),
        "refused upload",
      );
    });
  });
});
