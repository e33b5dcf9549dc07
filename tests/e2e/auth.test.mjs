// Accounts in a real browser (decision 0005): sign up -> blocked until verified -> the link from the local
// mailbox -> sign in -> change name and photo -> sign out; forgot password -> reset -> sign in with the new
// password -> the old sessions are gone; and sign-out in one tab signs the other tabs out (docs/product.md §4).
// Queries use labels, roles and visible text.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { deflateSync } from "node:zlib";
import { assertNoErrors, hydrated, openPage, signUp, useBrowser, verifyOnLinkPage, withPage as withSession } from "./helpers.mjs";

const browser = useBrowser();

const withPage = (options, body) => withSession(browser(), options, body);

const uniqueEmail = (label) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A small, valid PNG (solid colour), made here so the test needs no fixture file. */
function pngBytes(width = 16, height = 16) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The newest email to `address` in the development mailbox, and the first link in it. */
async function linkFromMailbox(page, address, subjectPattern) {
  await page.goto("/dev/mailbox");
  const message = page.getByRole("article").filter({ hasText: address }).filter({ hasText: subjectPattern }).first();
  await message.waitFor();
  const href = await message.getByRole("link").first().getAttribute("href");
  assert.ok(href, "the email has a link");
  return href;
}

async function signIn(page, email, password) {
  await page.getByLabel("Email address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs up and verifies through the mailbox; leaves the page on the sign-in screen. */
async function createVerifiedAccount(page, account) {
  await signUp(page, account);
  const link = await linkFromMailbox(page, account.email, /Verify your email/);
  await page.goto(link);
  await verifyOnLinkPage(page);
  await hydrated(page);
}

const accountMenu = (page) => page.getByRole("button", { name: "Account menu" });

describe("accounts", () => {
  test("sign up -> blocked until verified -> verify from the mailbox -> sign in -> change name and photo -> sign out", async () => {
    await withPage({}, async ({ page, errors }) => {
      const email = uniqueEmail("signup");
      const password = "first-pass1";

      // The form checks docs/product.md §5's rules before anything is sent.
      await page.goto("/auth/sign-up");
      await hydrated(page);
      await page.getByLabel("Email address", { exact: true }).fill("not-an-email");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByLabel("Confirm password", { exact: true }).fill("different");
      await page.getByRole("button", { name: "Create account", exact: true }).click();
      await page.getByText("This field is required").first().waitFor();
      await page.getByText("Invalid email address").first().waitFor();
      await page.getByText("Password must be at least 8 characters long").first().waitFor();
      await page.getByText("Passwords must match").first().waitFor();
      assert.equal(await page.getByLabel("Email address", { exact: true }).getAttribute("aria-invalid"), "true");
      // docs/product.md §8 "Weak password": a common password of a valid length is refused under the field.
      await page.getByLabel("Password", { exact: true }).fill("password1");
      await page.getByLabel("Confirm password", { exact: true }).fill("password1");
      await page.getByRole("button", { name: "Create account", exact: true }).click();
      await page.getByText("Weak password", { exact: false }).first().waitFor();

      await signUp(page, { name: "Ada Lovelace", email, password });

      // Not verified yet: signing in is refused with docs/product.md §8's message, and the activation email can be resent.
      await page.goto("/auth/login");
      await hydrated(page);
      await signIn(page, email, password);
      await page.getByRole("alert").filter({ hasText: "Verify your email address through your email" }).waitFor();
      await page.getByRole("button", { name: "Send activation email again" }).click();
      await page.getByRole("status").filter({ hasText: "Activation email sent" }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/auth/login");

      // The newest link works, with a press (decision 0020): opening it shows the account, masked, and verifies
      // nothing (still refused); Verify does. Signing in afterwards lands back on the page that asked for it.
      const link = await linkFromMailbox(page, email, /Verify your email/);
      await page.goto(link);
      await hydrated(page);
      await page.getByTestId("link-account").filter({ hasText: "e2•••@ex•••.com" }).waitFor();
      assert.equal(await page.getByText(email).count(), 0, "the page does not show the whole address");
      const stillRefused = await openPage(browser());
      try {
        await stillRefused.page.goto("/auth/login");
        await hydrated(stillRefused.page);
        await signIn(stillRefused.page, email, password);
        await stillRefused.page.getByRole("alert").filter({ hasText: "Verify your email address through your email" }).waitFor();
      } finally {
        await stillRefused.close();
      }
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await page.getByText("Email verified. You can sign in now.").first().waitFor();
      await page.goto("/settings/account");
      assert.equal(new URL(page.url()).pathname, "/auth/login");
      assert.equal(new URL(page.url()).searchParams.get("redirectTo"), "/settings/account");
      await hydrated(page);
      await signIn(page, email, password);
      await page.waitForURL((url) => url.pathname === "/settings/account");
      await page.getByTestId("account-email").filter({ hasText: email }).waitFor();
      await hydrated(page);

      // Change the display name.
      const nameField = page.getByLabel("Display name", { exact: true });
      await nameField.fill("");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByText("This field is required").first().waitFor();
      await nameField.fill("Countess Ada");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByText("Name saved").first().waitFor();
      await page.getByTestId("user-display-name").first().filter({ hasText: "Countess Ada" }).waitFor();

      // A file that is not JPEG or PNG is refused; a PNG becomes the photo, served by the app.
      const photoInput = page.getByLabel("Choose a photo", { exact: true });
      await photoInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
      await page.getByRole("button", { name: "Upload photo" }).click();
      await page.getByText("Only JPEG, JPG and PNG images can be uploaded.").first().waitFor();
      await photoInput.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: pngBytes() });
      await page.getByRole("button", { name: "Upload photo" }).click();
      await page.getByText("Profile photo updated").first().waitFor();
      const photo = page.getByTestId("avatar-photo").first();
      await photo.waitFor();
      const src = await photo.getAttribute("src");
      assert.match(src ?? "", /^\/media\/avatar\//);
      const served = await page.request.get(src);
      assert.equal(served.status(), 200);
      assert.equal(served.headers()["content-type"], "image/png");
      assert.ok(await photo.evaluate((image) => image.complete && image.naturalWidth === 16), "the photo loads in the page");

      // Sign out from the account menu: back to a visitor, and settings ask for sign-in again.
      await accountMenu(page).first().click();
      await page.getByRole("menuitem", { name: "Sign out" }).click();
      await page.waitForURL((url) => url.pathname === "/web-main");
      await page.getByText("Guest", { exact: true }).first().waitFor();
      await page.goto("/settings/account");
      assert.equal(new URL(page.url()).pathname, "/auth/login");
      // The photo is not public.
      assert.equal((await page.request.get(src)).status(), 404);
      assertNoErrors(
        errors.filter((error) => !/status of (401|403|404|415)/.test(error)),
        "sign-up flow",
      );
    });
  });

  test("forgot password -> reset -> sign in with the new password -> old sessions are gone", async () => {
    const email = uniqueEmail("reset");
    const oldPassword = "old-pass-1";
    const newPassword = "new-pass-2";
    const old = await openPage(browser());
    const fresh = await openPage(browser());
    try {
      // Device 1 signs in with the old password.
      await createVerifiedAccount(old.page, { name: "Grace", email, password: oldPassword });
      await signIn(old.page, email, oldPassword);
      await old.page.waitForURL((url) => url.pathname === "/web-main");
      await accountMenu(old.page).first().waitFor();

      // Device 2 forgets the password. The answer is the same for any address.
      await fresh.page.goto("/auth/forgot-password");
      await hydrated(fresh.page);
      await fresh.page.getByLabel("Email address", { exact: true }).fill(email);
      await fresh.page.getByRole("button", { name: "Send reset instructions" }).click();
      await fresh.page.getByText("Reset instructions sent by email").first().waitFor();

      const link = await linkFromMailbox(fresh.page, email, /Reset your/);
      await fresh.page.goto(link);
      // The token leaves the address bar before the form shows, and the page sends no referrer.
      await fresh.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      assert.equal(new URL(fresh.page.url()).search, "");
      assert.equal(await fresh.page.locator('meta[name="referrer"]').getAttribute("content"), "no-referrer");
      await hydrated(fresh.page);
      await fresh.page.getByLabel("New password", { exact: true }).fill(newPassword);
      await fresh.page.getByLabel("Confirm password", { exact: true }).fill(`${newPassword}x`);
      await fresh.page.getByRole("button", { name: "Save new password" }).click();
      await fresh.page.getByText("Passwords must match").first().waitFor();
      await fresh.page.getByLabel("Confirm password", { exact: true }).fill(newPassword);
      await fresh.page.getByRole("button", { name: "Save new password" }).click();
      await fresh.page.waitForURL((url) => url.pathname === "/auth/login");
      await fresh.page.getByText("Your password was changed").first().waitFor();

      // The link is single-use.
      await fresh.page.goto(link);
      await fresh.page.getByText("This link is invalid or has already been used.").first().waitFor();

      // Old password: refused with the enumeration-safe answer. New password: signed in.
      await fresh.page.goto("/auth/login");
      await hydrated(fresh.page);
      await signIn(fresh.page, email, oldPassword);
      await fresh.page.getByRole("alert").filter({ hasText: "Invalid credential" }).waitFor();
      await signIn(fresh.page, email, newPassword);
      await fresh.page.waitForURL((url) => url.pathname === "/web-main");
      await accountMenu(fresh.page).first().waitFor();

      // Device 1's session ended on the server: it is a visitor again and settings send it to sign in.
      await old.page.goto("/settings/account");
      assert.equal(new URL(old.page.url()).pathname, "/auth/login");
      await old.page.goto("/web-main");
      await old.page.getByText("Guest", { exact: true }).first().waitFor();
      assert.equal(await accountMenu(old.page).count(), 0);
      assertNoErrors(
        fresh.errors.filter((error) => !/status of (401|400)/.test(error)),
        "reset flow",
      );
    } finally {
      await old.close();
      await fresh.close();
    }
  });

  test("the auth dialog signs a visitor in over the page they are on", async () => {
    await withPage({}, async ({ page, errors }) => {
      const email = uniqueEmail("dialog");
      await createVerifiedAccount(page, { name: "Dialog User", email, password: "quiet-harbor-7" });
      await page.goto("/image-generation");
      await hydrated(page);
      await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Sign in" }).waitFor();
      // Steps switch inside the dialog (docs/product.md §3 authDialog step), and back.
      await dialog.getByRole("button", { name: "Sign up", exact: true }).click();
      await dialog.getByRole("heading", { name: "Create your account" }).waitFor();
      await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
      await dialog.getByRole("heading", { name: "Sign in" }).waitFor();
      await dialog.getByLabel("Email address", { exact: true }).fill(email);
      await dialog.getByLabel("Password", { exact: true }).fill("quiet-harbor-7");
      await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
      await accountMenu(page).first().waitFor();
      await dialog.waitFor({ state: "detached" });
      assert.equal(new URL(page.url()).pathname, "/image-generation");
      await page.getByTestId("user-display-name").first().filter({ hasText: "Dialog User" }).waitFor();
      assertNoErrors(errors, "auth dialog");
    });
  });

  test("signing out in one tab signs the other open tabs out (docs/product.md §4)", async () => {
    await withPage({}, async ({ page, context, errors }) => {
      const email = uniqueEmail("tabs");
      await createVerifiedAccount(page, { name: "Tabs", email, password: "maple-window-3" });
      await signIn(page, email, "maple-window-3");
      await page.waitForURL((url) => url.pathname === "/web-main");
      await hydrated(page);

      const other = await context.newPage();
      await other.goto("/settings/account");
      await other.getByTestId("account-email").waitFor();
      await hydrated(other);

      await accountMenu(page).first().click();
      await page.getByRole("menuitem", { name: "Sign out" }).click();
      await page.getByText("Guest", { exact: true }).first().waitFor();
      // The other tab hears it and leaves the guarded page for the sign-in screen without a reload by hand.
      await other.waitForURL((url) => url.pathname === "/auth/login");
      await other.close();
      assertNoErrors(
        errors.filter((error) => !/status of 401/.test(error)),
        "cross-tab sign-out",
      );
    });
  });
});
