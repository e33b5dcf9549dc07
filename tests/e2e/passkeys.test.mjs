// Decision 0028 in a real browser: a passkey added in Settings with Chromium's virtual authenticator (DevTools protocol
// WebAuthn.addVirtualAuthenticator), then signing out and back in with it and no password; two-step sign-in turned on
// with a code computed here from the key Settings shows, then a sign-in with a code and one with a recovery code (in
// Turkish, chosen with the sign-in page's language menu); 11 minutes later (the development clock), new recovery codes
// need the password and a code in "Confirm it's you" (decision 0028). Passkeys need a host name (an IP address cannot be a
// relying party), so these pages are opened on localhost, the same server as BASE_URL.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { generateHOTP } from "@oslojs/otp";
import { assertNoErrors, BASE_URL, hydrated, openAccountMenu, signUpAndSignIn, toast, useBrowser, withPage } from "./helpers.mjs";

const browser = useBrowser();
const LOCALHOST = BASE_URL.replace("127.0.0.1", "localhost");

/** RFC 4648 base32 (the key as Settings shows it, with spaces) to bytes. */
function base32(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const out = [];
  let bits = 0;
  let value = 0;
  for (const char of text.replace(/\s/g, "")) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

async function moveClock(page, body) {
  const moved = await page.request.post("/dev/clock", { form: body, maxRedirects: 0 });
  assert.equal(moved.status(), 302, "the development clock answered");
}

/** What an authenticator app shows for `key`, `stepsAhead` 30-second steps from now. */
function appCode(key, stepsAhead = 0) {
  return generateHOTP(base32(key), BigInt(Math.floor(Date.now() / 30_000) + stepsAhead), 6);
}

async function signOut(page) {
  const menu = await openAccountMenu(page);
  await menu.getByRole("menuitem", { name: /Sign out|Çıkış yap/ }).click();
  await page
    .getByText(/^(Guest|Misafir)$/)
    .first()
    .waitFor();
}

/**
 * Signs in with the password on the sign-in page, in Turkish when asked: chosen with the page's language menu, as a
 * person would. (Setting only the `locale` cookie is not enough: the page's preference script takes the language kept
 * in localStorage, "en" since the first visit, writes it back to the cookie and reloads.)
 */
async function signInWithPassword(page, { email, password }, { turkish = false } = {}) {
  await page.goto("/auth/login?redirectTo=%2Fgallery");
  await hydrated(page);
  if (turkish) {
    await page.getByRole("combobox", { name: "Language" }).selectOption("tr");
    await page.getByRole("heading", { name: "Giriş yap" }).waitFor();
  }
  await page.getByLabel(/^(Email address|E-posta adresi)$/).fill(email);
  await page.getByLabel(/^(Password|Şifre)$/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|Giriş yap)$/ }).click();
}

describe("passkeys", () => {
  test("add a passkey in Settings, sign out, sign in with it and no password", async () => {
    await withPage(browser(), { baseURL: LOCALHOST }, async ({ page, context, errors }) => {
      const devtools = await context.newCDPSession(page);
      await devtools.send("WebAuthn.enable", { enableUI: false });
      const { authenticatorId } = await devtools.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await signUpAndSignIn(page, { name: "Ada Passkey", landing: "/settings/login-connection" });
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await toast(page, "Passkey added").waitFor();
      const passkey = page.getByTestId("passkey");
      await passkey.getByText("Linux · Chrome").waitFor();
      await passkey.getByText("not used yet").waitFor();
      await page.getByTestId("security-activity").getByText("Passkey added").waitFor();
      const { credentials } = await devtools.send("WebAuthn.getCredentials", { authenticatorId });
      assert.equal(credentials.length, 1, "the authenticator holds one passkey");
      assert.equal(credentials[0].isResidentCredential, true, "a discoverable passkey, usable without typing an e-mail");

      // Signed out, the sign-in page offers the passkey in the e-mail field's suggestions (conditional mediation); the
      // virtual authenticator picks it at once, so the page signs in with no password and no button pressed.
      await signOut(page);
      await page.goto("/auth/login");
      await page.getByRole("button", { name: "Sign in with a passkey" }).waitFor({ state: "attached" });
      await page.waitForURL((url) => url.pathname === "/web-main");
      await page.goto("/settings/login-connection");
      await page
        .getByTestId("passkey")
        .getByText(/last used/)
        .waitFor();
      assertNoErrors(errors, "adding a passkey and signing in with it");
    });
  });
});

describe("two-step sign-in", () => {
  test("turn it on with a code, then sign in with a code, then (in Turkish) with a recovery code", async () => {
    await withPage(browser(), { baseURL: LOCALHOST }, async ({ page, errors }) => {
      const account = await signUpAndSignIn(page, { name: "Ada Twostep", landing: "/settings/login-connection" });
      await page.getByRole("button", { name: "Turn on", exact: true }).click();
      const key = (await page.getByTestId("two-step-key").textContent()).trim();
      assert.match(key, /^[A-Z2-7 ]+$/);
      await page.getByLabel("6-digit code").fill(appCode(key));
      await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
      await page.getByTestId("recovery-codes").locator("li").first().waitFor();
      const codes = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) => code.trim());
      assert.equal(codes.length, 10);
      await page.getByRole("button", { name: "I have saved them" }).click();
      await page.getByTestId("two-step-status").getByText("Recovery codes left: 10").waitFor();

      // A password is not enough any more: the second step asks for the app's code (the next one: each works once).
      await signOut(page);
      await signInWithPassword(page, account);
      await page.waitForURL((url) => url.pathname === "/auth/two-step");
      await hydrated(page);
      await page.getByText("Enter the 6-digit code from your authenticator app").first().waitFor();
      await page.getByLabel("6-digit code").fill(appCode(key, 1));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.pathname === "/gallery");

      // In Turkish, with a recovery code.
      await signOut(page);
      await signInWithPassword(page, account, { turkish: true });
      await page.waitForURL((url) => url.pathname === "/auth/two-step");
      // Loaded afresh too: the server renders the step in Turkish, its title included.
      await page.reload();
      await hydrated(page);
      assert.equal(await page.title(), "İki adımlı giriş · Nova Assistant");
      await page.getByText("Doğrulama uygulamanızdaki 6 haneli kodu girin").first().waitFor();
      await page.getByRole("button", { name: "Bunun yerine kurtarma kodu kullan" }).click();
      await page.getByLabel("Kurtarma kodu").fill(codes[0]);
      await page.getByRole("button", { name: "Devam et" }).click();
      await page.waitForURL((url) => url.pathname === "/gallery");
      await page.goto("/settings/login-connection");
      await page.getByTestId("two-step-status").getByText("Kalan kurtarma kodu: 9").waitFor();
      await page.getByTestId("security-activity").getByText("Girişte kurtarma kodu kullanıldı").waitFor();

      // 11 minutes on (22 steps of the app clock), new recovery codes need the password and a code: the dialog asks for both.
      await moveClock(page, { days: String(11 / (24 * 60)) });
      try {
        await page.reload();
        await hydrated(page);
        await page.getByRole("button", { name: "Yeni kurtarma kodları oluştur" }).click();
        const onay = page.getByRole("dialog", { name: "Kimliğinizi doğrulayın" });
        await onay.getByText("doğrulama uygulamanızdaki bir kodu").waitFor();
        await onay.getByLabel("Şifre", { exact: true }).fill(account.password);
        await onay.getByLabel("Doğrulama uygulamanızdaki kod veya bir kurtarma kodu").fill(appCode(key, 22));
        await onay.getByRole("button", { name: "Doğrula", exact: true }).click();
        await onay.waitFor({ state: "hidden" });
        await page.getByTestId("recovery-codes").locator("li").first().waitFor();
        const renewed = (await page.getByTestId("recovery-codes").locator("li").allTextContents()).map((code) => code.trim());
        assert.equal(renewed.length, 10);
        assert.ok(!renewed.includes(codes[1]));
      } finally {
        await moveClock(page, { intent: "reset" });
      }
      // The browser logs the refusal that opened the dialog (401, requires-recent-login).
      assertNoErrors(
        errors.filter((error) => !/status of 401/.test(error)),
        "two-step sign-in",
      );
    });
  });
});
