// A second factor guards the second factors (decision 0028 "A second factor guards second factors"): on an account with
// two-step sign-in on, a password alone (a stolen session plus the password) must not add a passkey, renew the recovery
// codes or turn two-step off; "Confirm it's you" with the code as well does. Also: recovery codes are kept as HMACs
// under a server-side key, and the trusted-device cookie comes only after the second step.
import { afterEach, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { sha256Hex } from "../../app/.server/auth/crypto";
import { SESSION_POLICY } from "../../app/.server/auth/policy";
import { setClockOffset } from "../../app/.server/clock";
import { schema } from "../../app/.server/db";
import { Client, ORIGIN, db } from "./auth-helpers";
import { accountWithTwoStep, firstStep, secondStep, twoStep, type Account } from "./two-step-helpers";
import { SoftAuthenticator, totpCode, type CreationOptions, type RequestOptions } from "./webauthn-helpers";

afterEach(() => setClockOffset(0));

const MINUTE = 60_000;
const STALE = SESSION_POLICY.recentSignInMs + MINUTE;
const ASKS_FOR_CODE = {
  status: 401,
  body: {
    ok: false,
    error: { code: "auth/requires-second-factor", message: "Enter the code from your authenticator app (or a recovery code) to confirm it's you." },
  },
};

async function confirm(client: Client, fields: Record<string, string>) {
  const response = await client.fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams(fields) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function registerOptions(client: Client) {
  const response = await client.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "register" }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { options: CreationOptions } };
}

async function addPasskey(client: Client, options: CreationOptions) {
  const answer = await (await SoftAuthenticator.create()).register(options, ORIGIN);
  const response = await client.fetch("/api/passkeys", { method: "POST", body: new URLSearchParams({ response: JSON.stringify(answer) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The authenticator app's code on the app clock (moved by setClockOffset). */
const codeAt = (key: string, offset: number) => totpCode(key, Date.now() + offset);

const passkeyCount = (userId: string) => db.$count(schema.passkeys, eq(schema.passkeys.userId, userId));

describe("with two-step sign-in on, the password alone", () => {
  it("refreshes the session but adds no passkey, renews no codes and does not turn two-step off", async () => {
    const account = await accountWithTwoStep();
    setClockOffset(STALE);
    expect(await confirm(account.client, { password: account.user.password })).toMatchObject({ status: 200, body: { ok: true } });

    expect(await registerOptions(account.client)).toMatchObject(ASKS_FOR_CODE);
    expect(await twoStep(account.client, { intent: "renew-codes" })).toMatchObject(ASKS_FOR_CODE);
    expect(await twoStep(account.client, { intent: "disable" })).toMatchObject({
      status: 400,
      body: { error: { code: "auth/missing-verification-code", message: "Enter the 6-digit code from your authenticator app" } },
    });
    expect(await passkeyCount(account.user.id)).toBe(0);
    expect(await db.query.twoStepSecrets.findFirst({ where: eq(schema.twoStepSecrets.userId, account.user.id) })).toBeDefined();

    account.client.cookies.set("locale", "tr");
    expect(await twoStep(account.client, { intent: "renew-codes" })).toMatchObject({
      status: 401,
      body: {
        error: { code: "auth/requires-second-factor", message: "Kimliğinizi doğrulamak için doğrulama uygulamanızdaki kodu (veya bir kurtarma kodunu) girin." },
      },
    });
  });

  it("cannot finish adding a passkey whose options were asked for while the second factor was recent", async () => {
    const account = await accountWithTwoStep();
    const asked = await registerOptions(account.client);
    expect(asked.status).toBe(200);
    setClockOffset(STALE);
    expect(await confirm(account.client, { password: account.user.password })).toMatchObject({ status: 200 });
    expect(await addPasskey(account.client, asked.body.options)).toMatchObject(ASKS_FOR_CODE);
    expect(await passkeyCount(account.user.id)).toBe(0);
  });
});

describe("with two-step sign-in on, the password and a code", () => {
  it("adds a passkey and renews the recovery codes", async () => {
    const account = await accountWithTwoStep();
    setClockOffset(STALE);
    expect(
      await confirm(account.client, { password: account.user.password, code: "000000" === codeAt(account.key, STALE) ? "111111" : "000000" }),
    ).toMatchObject({
      status: 401,
      body: { error: { code: "auth/invalid-verification-code" } },
    });
    expect(await confirm(account.client, { password: account.user.password, code: codeAt(account.key, STALE) })).toMatchObject({ status: 200 });
    const asked = await registerOptions(account.client);
    expect(asked.status).toBe(200);
    expect((await addPasskey(account.client, asked.body.options)).status).toBe(200);
    expect(await passkeyCount(account.user.id)).toBe(1);
    expect((await twoStep(account.client, { intent: "renew-codes" })).status).toBe(200);
  });

  it("takes a recovery code instead of the app's code", async () => {
    const account = await accountWithTwoStep();
    setClockOffset(STALE);
    expect(await confirm(account.client, { password: account.user.password, code: account.recoveryCodes[0]! })).toMatchObject({ status: 200 });
    expect((await twoStep(account.client, { intent: "renew-codes" })).status).toBe(200);
  });

  it("a sign-in through the second step counts as the code, for 10 minutes", async () => {
    const account = await accountWithTwoStep();
    const { browser } = await firstStep(account);
    expect((await secondStep(browser, totpCode(account.key))).redirect).toBe("/gallery");
    expect((await twoStep(browser, { intent: "renew-codes" })).status).toBe(200);
    setClockOffset(STALE);
    expect(await twoStep(browser, { intent: "renew-codes" })).toMatchObject({ status: 401, body: { error: { code: "auth/requires-recent-login" } } });
  });
});

describe("an existing passkey", () => {
  it("counts as the second factor when it signs in, for 10 minutes", async () => {
    const account = await accountWithTwoStep();
    const authenticator = await SoftAuthenticator.create();
    const asked = await registerOptions(account.client);
    const answer = await authenticator.register(asked.body.options, ORIGIN);
    expect((await account.client.fetch("/api/passkeys", { method: "POST", body: new URLSearchParams({ response: JSON.stringify(answer) }) })).status).toBe(200);

    const browser = new Client();
    const signIn = await browser.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "sign-in" }) });
    const signed = await authenticator.authenticate(((await signIn.json()) as { options: RequestOptions }).options, ORIGIN);
    expect((await browser.action("/auth/login", { intent: "passkey", response: JSON.stringify(signed), redirectTo: "/gallery" })).redirect).toBe("/gallery");
    expect((await twoStep(browser, { intent: "renew-codes" })).status).toBe(200);
    setClockOffset(STALE);
    expect(await confirm(browser, { password: account.user.password })).toMatchObject({ status: 200 });
    expect(await twoStep(browser, { intent: "renew-codes" })).toMatchObject(ASKS_FOR_CODE);
  });
});

describe("recovery codes at rest", () => {
  it("are not the plain SHA-256 of the code, and still verify", async () => {
    const account = await accountWithTwoStep();
    const stored = (await db.select().from(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, account.user.id))).map((row) => row.codeHash);
    for (const code of account.recoveryCodes) {
      const plain = code.replace("-", "");
      for (const digest of [await sha256Hex(`recovery|${account.user.id}|${plain}`), await sha256Hex(plain), await sha256Hex(code)]) {
        expect(stored).not.toContain(digest);
      }
    }
    const { browser } = await firstStep(account);
    expect((await secondStep(browser, account.recoveryCodes[3]!)).redirect).toBe("/gallery");
  });

  it("a code stored the earlier way (SHA-256) still works once", async () => {
    const account = await accountWithTwoStep();
    const legacy = "abcde-fghjk";
    await db
      .insert(schema.recoveryCodes)
      .values({ id: crypto.randomUUID(), userId: account.user.id, codeHash: await sha256Hex(`recovery|${account.user.id}|abcdefghjk`) });
    const { browser } = await firstStep(account);
    expect((await secondStep(browser, legacy)).redirect).toBe("/gallery");
    const again = await firstStep(account);
    expect(await secondStep(again.browser, legacy)).toMatchObject({ status: 401, data: { error: { code: "auth/code-already-used" } } });
    const used = await db.$count(schema.recoveryCodes, and(eq(schema.recoveryCodes.userId, account.user.id), isNotNull(schema.recoveryCodes.usedAt)));
    expect(used).toBe(1);
  });
});

describe("the trusted-device cookie", () => {
  const deviceCookie = (client: Client) => client.cookies.get("__Host-device");

  it("is not set by the first step alone, only once the second step is done", async () => {
    const account = await accountWithTwoStep();
    const { browser, result } = await firstStep(account);
    expect(result.redirect).toBe("/auth/two-step?redirectTo=%2Fgallery");
    expect(deviceCookie(browser)).toBeUndefined();
    expect(await secondStep(browser, "000000" === totpCode(account.key) ? "111111" : "000000")).toMatchObject({ status: 401 });
    expect(deviceCookie(browser)).toBeUndefined();
    expect((await secondStep(browser, totpCode(account.key))).redirect).toBe("/gallery");
    expect(deviceCookie(browser)).toMatch(/^v2\./);
  });

  it("is not set by confirming with the password alone", async () => {
    const account: Account & { key: string } = await accountWithTwoStep();
    const browser = new Client();
    browser.cookies.set("__Host-session", account.client.sessionCookie()!);
    expect(await confirm(browser, { password: account.user.password })).toMatchObject({ status: 200 });
    expect(deviceCookie(browser)).toBeUndefined();
    expect(await confirm(browser, { password: account.user.password, code: totpCode(account.key) })).toMatchObject({ status: 200 });
    expect(deviceCookie(browser)).toMatch(/^v2\./);
  });
});
