// The WhatsApp dialog in Chromium (decision 0010): a signed-in Free user opens it from the account menu, finds
// the number disabled until a country is chosen, picks Türkiye by typing in the searchable list, is told a wrong
// number is invalid, and gets the wa.me link with its one-time code (plus a QR code on wide screens only). The Pro
// benefit on /payment and in the upgrade dialog, and Settings › Login Connection, open the same dialog.
// Needs a server with the WhatsApp settings (tests/e2e/server.mjs passes them as --var values).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { assertNoErrors, hydrated, openAccountMenu, openPage, signUpAndSignIn, useBrowser } from "./helpers.mjs";

const browser = useBrowser();

let session;

const whatsappDialog = (page) => page.getByRole("dialog", { name: "Chat on WhatsApp" });

/** Waits for the dialog's content; a server without WhatsApp settings fails here with a message that says so. */
async function waitForForm(dialog) {
  const country = dialog.getByRole("combobox", { name: "Country" });
  const notConfigured = dialog.getByText("The WhatsApp channel is not configured on this server.");
  await country.or(notConfigured).first().waitFor();
  assert.equal(await notConfigured.count(), 0, "the e2e server has no WhatsApp settings (WHATSAPP_* variables)");
  return country;
}

async function closeDialog(page) {
  await page.keyboard.press("Escape");
  await whatsappDialog(page).waitFor({ state: "hidden" });
}

describe("WhatsApp dialog", () => {
  // One account for the three tests (inside the suite, so the browser from useBrowser is already there).
  before(async () => {
    session = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signUpAndSignIn(session.page, { name: "Ada WhatsApp", landing: "/web-main" });
  });

  after(async () => {
    await session?.close();
  });

  test("account menu -> country first -> invalid number refused -> wa.me link with the code", async () => {
    const { page, errors } = session;
    await openAccountMenu(page);
    await page.getByRole("menuitem", { name: /WhatsApp/ }).click();
    const dialog = whatsappDialog(page);
    await dialog.waitFor();
    const country = await waitForForm(dialog);
    const phone = dialog.getByLabel("Phone number", { exact: true });

    // A country guessed from the connection may be preselected; clearing it leaves the number closed again.
    if ((await country.inputValue()) !== "") await dialog.getByRole("button", { name: "Clear country" }).click();
    assert.equal(await phone.isDisabled(), true, "the number waits for the country");
    assert.equal(await phone.getAttribute("type"), "tel");
    const hintId = (await phone.getAttribute("aria-describedby")) ?? "";
    assert.equal((await page.locator(`[id="${hintId.split(" ")[0]}"]`).textContent())?.trim(), "Select your country first");

    // The searchable list, by keyboard: typing filters, Escape closes only the list, Enter chooses.
    await country.fill("türk");
    await dialog.getByRole("option", { name: "Türkiye (+90)" }).waitFor();
    assert.equal(await country.getAttribute("aria-expanded"), "true");
    await page.keyboard.press("Escape");
    assert.equal(await country.getAttribute("aria-expanded"), "false");
    assert.equal(await dialog.isVisible(), true, "Escape on the open list leaves the dialog open");
    await country.fill("Türk");
    await page.keyboard.press("Enter");
    assert.equal(await country.inputValue(), "Türkiye (+90)");
    assert.equal(await phone.isEnabled(), true);

    await phone.fill("123");
    await dialog.getByRole("button", { name: "Get my WhatsApp link" }).click();
    const invalid = dialog.getByText("Invalid phone number", { exact: true });
    await invalid.waitFor();
    assert.equal(await phone.getAttribute("aria-invalid"), "true");
    assert.ok(((await phone.getAttribute("aria-describedby")) ?? "").split(" ").includes(await invalid.getAttribute("id")), "the message describes the field");

    await phone.fill("532 123 45 67");
    await dialog.getByRole("button", { name: "Get my WhatsApp link" }).click();
    const open = dialog.getByRole("link", { name: "Open WhatsApp" });
    await open.waitFor();
    const href = (await open.getAttribute("href")) ?? "";
    assert.ok(href.startsWith("https://wa.me/"), href);
    assert.match(decodeURIComponent(href), /LINK-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    assert.equal(await open.getAttribute("target"), "_blank");
    assert.match((await open.getAttribute("rel")) ?? "", /noopener/);
    const code = (await dialog.getByTestId("whatsapp-code").textContent())?.trim() ?? "";
    assert.ok(decodeURIComponent(href).includes(code), "the link carries the code shown");
    await dialog.getByText("The code expires in 15 minutes").waitFor();
    // A Free user learns that the chat itself is Pro.
    await dialog.getByRole("button", { name: "Upgrade to Pro" }).waitFor();

    // The QR code of the same link: on wide screens only; the link and the code at every width.
    const qr = dialog.getByRole("img", { name: /QR code/ });
    assert.equal(await qr.isVisible(), true);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await qr.isVisible(), false);
    assert.equal(await open.isVisible(), true);
    assert.equal(await dialog.getByTestId("whatsapp-code").isVisible(), true);
    await page.setViewportSize({ width: 1280, height: 900 });

    await closeDialog(page);
    assertNoErrors(errors, "the WhatsApp dialog");
  });

  test("the Pro benefit opens the same dialog, from /payment and from the upgrade dialog", async () => {
    const { page, errors } = session;
    await page.goto("/payment");
    await hydrated(page);
    await page
      .getByRole("main")
      .getByRole("button", { name: /WhatsApp/ })
      .click();
    const dialog = whatsappDialog(page);
    await waitForForm(dialog);

    // Upgrade to Pro -> the upgrade dialog lists the same benefit -> back to WhatsApp.
    await dialog.getByRole("button", { name: "Upgrade to Pro" }).click();
    const upgrade = page.getByRole("dialog", { name: "Upgrade to Pro" });
    await upgrade.waitFor();
    await dialog.waitFor({ state: "hidden" });
    await upgrade.getByRole("button", { name: /WhatsApp/ }).click();
    await upgrade.waitFor({ state: "hidden" });
    await waitForForm(dialog);
    await closeDialog(page);
    assertNoErrors(errors, "the Pro benefit");
  });

  test("Settings › Login Connection offers Connect WhatsApp", async () => {
    const { page, errors } = session;
    await page.goto("/settings/login-connection");
    await hydrated(page);
    const section = page.getByTestId("whatsapp-settings");
    await section.getByText("Not connected").waitFor();
    await section.getByRole("button", { name: "Connect WhatsApp" }).click();
    await waitForForm(whatsappDialog(page));
    await closeDialog(page);
    assertNoErrors(errors, "Settings");
  });
});
