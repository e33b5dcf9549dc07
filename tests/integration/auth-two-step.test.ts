// Decision 0028's two-step sign-in through the real worker: two-step sign-in with an authenticator app. Set up with a key shown once
// and confirmed by a first code; ten recovery codes, stored hashed; every first step (password, e-mail link) then ends
// on /auth/two-step with no session until a code is right; a code works once, ±1 step; wrong codes are throttled with
// Retry-After; the step expires after 5 minutes; a passkey needs no code (decision 0028).
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SESSION_POLICY, TWO_STEP } from "../../app/.server/auth/policy";
import { setClockOffset } from "../../app/.server/clock";
import { schema } from "../../app/.server/db";
import { Client, ORIGIN, db, latestEmail, sessionsOf, signedInClient } from "./auth-helpers";
import { accountWithTwoStep, firstStep, secondStep, twoStep } from "./two-step-helpers";
import { SoftAuthenticator, totpCode, type CreationOptions, type RequestOptions } from "./webauthn-helpers";

afterEach(() => setClockOffset(0));

describe("turning two-step sign-in on", () => {
  it("shows the key once, turns on with the first code, and keeps the key sealed and the recovery codes hashed", async () => {
    const { client, user } = await signedInClient();
    const setup = await twoStep(client, { intent: "setup" });
    expect(setup.body).toMatchObject({ ok: true, keyUri: expect.stringMatching(/^otpauth:\/\/totp\//), manualKey: expect.stringMatching(/^[A-Z2-7 ]+$/) });
    const key = setup.body.manualKey as string;
    expect(await twoStep(client, { intent: "enable", code: "000000" === totpCode(key) ? "111111" : "000000" })).toMatchObject({
      status: 401,
      body: { error: { code: "auth/invalid-verification-code", message: "That code is not right" } },
    });
    const enabled = await twoStep(client, { intent: "enable", code: totpCode(key) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(TWO_STEP.recoveryCodes);
    expect(new Set(codes).size).toBe(TWO_STEP.recoveryCodes);

    const stored = await db.query.twoStepSecrets.findFirst({ where: eq(schema.twoStepSecrets.userId, user.id) });
    expect(stored!.enabledAt).toBeGreaterThan(0);
    expect(stored!.secret).not.toContain(key.replace(/ /g, ""));
    const hashes = (await db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id))).map((row) => row.codeHash);
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.join()).not.toContain(code.replace("-", ""));
    expect((await latestEmail(user.email)).row?.textBody).toContain("Two-step sign-in was turned on for your account.");

    // The key is never shown again: setting up once more is refused while it is on.
    expect(await twoStep(client, { intent: "setup" })).toMatchObject({ status: 409, body: { error: { code: "auth/second-factor-already-in-use" } } });
    const page = await client.loaderData("/settings/login-connection", "routes/_main.settings.login-connection");
    expect(page.data?.twoStep).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(page.data)).not.toContain(key.replace(/ /g, "").slice(0, 16));
  });

  it("needs a sign-in from the last 10 minutes", async () => {
    const { client } = await signedInClient();
    setClockOffset(SESSION_POLICY.recentSignInMs + 60_000);
    expect(await twoStep(client, { intent: "setup" })).toMatchObject({ status: 401, body: { error: { code: "auth/requires-recent-login" } } });
  });
});

describe("the second step", () => {
  it("follows a right password: no session until the code, which then works once", async () => {
    const account = await accountWithTwoStep();
    const sessions = (await sessionsOf(account.user.id)).length;
    const { browser, result } = await firstStep(account);
    expect(result.redirect).toBe("/auth/two-step?redirectTo=%2Fgallery");
    expect(browser.sessionToken()).toBeUndefined();
    expect(await sessionsOf(account.user.id)).toHaveLength(sessions);
    const page = await browser.loaderData("/auth/two-step?redirectTo=%2Fgallery", "routes/auth.two-step");
    expect(page.data).toMatchObject({ expired: false, redirectTo: "/gallery" });

    expect(await secondStep(browser, "12345")).toMatchObject({ status: 401, data: { error: { code: "auth/invalid-verification-code" } } });
    const code = totpCode(account.key);
    expect((await secondStep(browser, code)).redirect).toBe("/gallery");
    expect(browser.sessionToken()).toMatch(/^[\w-]{43}$/);

    // The same code in another sign-in: already used.
    const again = await firstStep(account);
    expect(await secondStep(again.browser, code)).toMatchObject({
      status: 401,
      data: { error: { code: "auth/code-already-used", message: "This code was already used" } },
    });
    expect(again.browser.sessionToken()).toBeUndefined();
  });

  it("accepts the code of the step before or after now, not two steps away", async () => {
    const account = await accountWithTwoStep();
    const { browser } = await firstStep(account);
    expect(await secondStep(browser, totpCode(account.key, Date.now() - 60_000))).toMatchObject({
      status: 401,
      data: { error: { code: "auth/invalid-verification-code" } },
    });
    expect((await secondStep(browser, totpCode(account.key, Date.now() + 30_000))).redirect).toBe("/gallery");
  });

  it("takes a recovery code once, and records and mails its use", async () => {
    const account = await accountWithTwoStep();
    const [first] = account.recoveryCodes;
    const { browser } = await firstStep(account);
    expect((await secondStep(browser, first!.toUpperCase())).redirect).toBe("/gallery");
    expect((await latestEmail(account.user.email)).row?.textBody).toContain("A recovery code was used to sign in to your account.");
    const again = await firstStep(account);
    expect(await secondStep(again.browser, first!)).toMatchObject({ status: 401, data: { error: { code: "auth/code-already-used" } } });
    const page = await account.client.loaderData("/settings/login-connection", "routes/_main.settings.login-connection");
    expect(page.data?.twoStep).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it("expires after 5 minutes", async () => {
    const account = await accountWithTwoStep();
    const { browser } = await firstStep(account);
    setClockOffset(TWO_STEP.pendingMs + 1_000);
    expect(await secondStep(browser, totpCode(account.key, Date.now() + TWO_STEP.pendingMs + 1_000))).toMatchObject({
      status: 401,
      data: { error: { code: "auth/code-expired" } },
    });
    expect(browser.sessionToken()).toBeUndefined();
    expect((await browser.loaderData("/auth/two-step", "routes/auth.two-step")).data).toMatchObject({ expired: true });
  });

  it("throttles wrong codes per account like passwords, with Retry-After", async () => {
    const account = await accountWithTwoStep();
    const { browser } = await firstStep(account);
    for (let index = 0; index < 5; index++) expect((await secondStep(browser, "000001")).status).toBe(401);
    const refused = await browser.fetch("/auth/two-step.data", { method: "POST", body: new URLSearchParams({ code: totpCode(account.key) }) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(browser.sessionToken()).toBeUndefined();
    // From everywhere: 10 wrong codes per 15 minutes for the account, then every new browser waits too.
    for (let index = 0; index < 5; index++) expect((await secondStep((await firstStep(account)).browser, "000001")).status).toBe(401);
    const elsewhere = (await firstStep(account)).browser;
    expect((await secondStep(elsewhere, totpCode(account.key))).status).toBe(429);
  });

  it("follows an e-mail sign-in link too", async () => {
    const account = await accountWithTwoStep();
    const browser = new Client();
    await browser.action("/auth/email-link", { email: account.user.email, redirectTo: "/gallery" });
    const token = new URL(`${ORIGIN}${(await latestEmail(account.user.email)).path}`).searchParams.get("token")!;
    const used = await browser.action("/auth/email-link", { intent: "use-link", token, redirectTo: "/gallery" });
    expect(used.redirect).toBe("/auth/two-step?redirectTo=%2Fgallery");
    expect(browser.sessionToken()).toBeUndefined();
    expect((await secondStep(browser, totpCode(account.key))).redirect).toBe("/gallery");
  });

  it("is not asked after a passkey, which is both steps", async () => {
    const account = await accountWithTwoStep();
    const authenticator = await SoftAuthenticator.create();
    const made = await account.client.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "register" }) });
    const answer = await authenticator.register(((await made.json()) as { options: CreationOptions }).options, ORIGIN);
    expect((await account.client.fetch("/api/passkeys", { method: "POST", body: new URLSearchParams({ response: JSON.stringify(answer) }) })).status).toBe(200);
    const browser = new Client();
    const asked = await browser.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "sign-in" }) });
    const signed = await authenticator.authenticate(((await asked.json()) as { options: RequestOptions }).options, ORIGIN);
    expect((await browser.action("/auth/login", { intent: "passkey", response: JSON.stringify(signed), redirectTo: "/gallery" })).redirect).toBe("/gallery");
  });
});

describe("turning it off and new recovery codes", () => {
  it("needs a current code; then the key and codes are gone and sign-in has one step again", async () => {
    const account = await accountWithTwoStep();
    expect(await twoStep(account.client, { intent: "disable", code: "" })).toMatchObject({
      status: 400,
      body: { error: { code: "auth/missing-verification-code" } },
    });
    expect((await twoStep(account.client, { intent: "disable", code: "000001" })).status).toBe(401);
    expect((await twoStep(account.client, { intent: "disable", code: totpCode(account.key) })).status).toBe(200);
    expect(await db.query.twoStepSecrets.findFirst({ where: eq(schema.twoStepSecrets.userId, account.user.id) })).toBeUndefined();
    expect(await db.$count(schema.recoveryCodes, eq(schema.recoveryCodes.userId, account.user.id))).toBe(0);
    expect((await latestEmail(account.user.email)).row?.textBody).toContain("Two-step sign-in was turned off for your account.");
    expect((await firstStep(account)).result.redirect).toBe("/gallery");
  });

  it("renews the recovery codes: the old ones stop working", async () => {
    const account = await accountWithTwoStep();
    const renewed = await twoStep(account.client, { intent: "renew-codes" });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const { browser } = await firstStep(account);
    expect(await secondStep(browser, account.recoveryCodes[0]!)).toMatchObject({ status: 401, data: { error: { code: "auth/invalid-verification-code" } } });
    expect((await secondStep(browser, fresh[0]!)).redirect).toBe("/gallery");
    const kinds = (await db.select().from(schema.securityEvents).where(eq(schema.securityEvents.userId, account.user.id))).map((event) => event.kind).sort();
    expect(kinds).toEqual(["recovery-code-used", "recovery-codes-renewed", "two-step-on"]);
  });
});
