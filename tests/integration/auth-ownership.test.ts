// Who owns an account, through the real worker (decision 0005 "A proven mailbox", decision 0028): an address Google or
// Apple did not verify makes no verified account and no connection that proves it; proving the mailbox of an account
// whose address was unproven leaves nothing the squatter added (passkeys, two-step key, recovery codes, connections,
// a WhatsApp number, sessions); SIGNUPS_OPEN=false closes every way an account is made while accounts still sign in;
// and an unverified account whose only way in is a passkey stays signed in.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import errorsEn from "../../locales/en/errors.json";
import errorsTr from "../../locales/tr/errors.json";
import { schema } from "../../app/.server/db";
import type { AppEnv } from "../../app/.server/env";
import { Client, connectionsOf, createUser, db, findUserRow, latestEmail, ORIGIN, signedInClient, uniqueEmail } from "./auth-helpers";
import { env, errorOf, roundTrip, withFakeIssuer, type Provider } from "./oidc-helpers";
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from "./webauthn-helpers";
import { enableTwoStep } from "./two-step-helpers";

withFakeIssuer();

const closed = () => ({ ...env, SIGNUPS_OPEN: "false" }) as AppEnv;

function tokenOf(path: string): string {
  return new URL(`https://x${path}`).searchParams.get("token")!;
}

async function userByEmail(email: string) {
  return db.query.users.findFirst({ where: eq(schema.users.email, email) });
}

/** Settings → "Add a passkey" with a software authenticator. */
async function addPasskey(client: Client) {
  const authenticator = await SoftAuthenticator.create();
  const asked = await client.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "register" }) });
  const { options } = (await asked.json()) as { options: CreationOptions };
  const added = await client.fetch("/api/passkeys", {
    method: "POST",
    body: new URLSearchParams({ response: JSON.stringify(await authenticator.register(options, ORIGIN)) }),
  });
  expect(added.status).toBe(200);
  return authenticator;
}

/** A new browser signing in with the passkey: the answer of /auth/login, and the browser. */
async function passkeySignIn(authenticator: SoftAuthenticator) {
  const browser = new Client(undefined, env);
  const asked = await browser.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "sign-in" }) });
  const { options } = (await asked.json()) as { options: RequestOptions };
  const answer = await authenticator.authenticate(options, ORIGIN);
  const result = await browser.action("/auth/login", { intent: "passkey", response: JSON.stringify(answer), redirectTo: "/web-main" });
  return { browser, result };
}

/** Settings → two-step sign-in on, with its first code. */
async function turnOnTwoStep(client: Client) {
  const setup = (await (await client.fetch("/api/two-step", { method: "POST", body: new URLSearchParams({ intent: "setup" }) })).json()) as {
    manualKey: string;
  };
  expect((await enableTwoStep(client, setup.manualKey)).status).toBe(200);
}

/** What the account still holds that lets someone in. */
async function waysIn(userId: string) {
  const [passkeys, keys, codes, numbers] = await Promise.all([
    db.$count(schema.passkeys, eq(schema.passkeys.userId, userId)),
    db.$count(schema.twoStepSecrets, eq(schema.twoStepSecrets.userId, userId)),
    db.$count(schema.recoveryCodes, eq(schema.recoveryCodes.userId, userId)),
    db.$count(schema.whatsappLinks, eq(schema.whatsappLinks.userId, userId)),
  ]);
  return { passkeys, keys, codes, numbers, connections: (await connectionsOf(userId)).map((row) => row.provider) };
}

/**
 * Someone signs in with a Google identity that claims another person's address, which Google did not verify, and adds
 * every way back in they can: a passkey, two-step sign-in (key and recovery codes), a WhatsApp number.
 */
async function squatWithGoogle(email: string) {
  const squatter = new Client(undefined, env);
  const subject = `g-squatter-${crypto.randomUUID()}`;
  const { location } = await roundTrip(squatter, "google", { sub: subject, email, email_verified: false });
  expect(location).toBe("/web-main");
  const account = (await userByEmail(email))!;
  const authenticator = await addPasskey(squatter);
  await turnOnTwoStep(squatter);
  await db
    .insert(schema.whatsappLinks)
    .values({ id: crypto.randomUUID(), userId: account.id, phone: `905${Math.floor(Math.random() * 1e9)}`, createdAt: Date.now() });
  expect(await waysIn(account.id)).toEqual({ passkeys: 1, keys: 1, codes: 10, numbers: 1, connections: ["google"] });
  return { squatter, account, subject, authenticator };
}

describe("a proven mailbox owns the account alone", () => {
  it("the owner's sign-in link leaves none of the squatter's passkey, two-step key, recovery codes, connection or number", async () => {
    const email = uniqueEmail("owner");
    const { squatter, account, subject, authenticator } = await squatWithGoogle(email);

    const owner = new Client(undefined, env);
    await owner.action("/auth/email-link", { email });
    const used = await owner.action("/auth/email-link", { intent: "use-link", token: tokenOf((await latestEmail(email)).path!) });
    // No second step: the squatter's authenticator app no longer stands between the owner and the account.
    expect(used.redirect).toBe("/web-main");
    expect((await owner.get("/api/user/profile")).status).toBe(200);
    expect(await waysIn(account.id)).toEqual({ passkeys: 0, keys: 0, codes: 0, numbers: 0, connections: [] });
    expect(await findUserRow(account.id)).toMatchObject({ emailVerified: true, passwordHash: null });

    // None of it works any more: the session, the passkey, the Google identity.
    expect((await squatter.get("/api/user/profile")).status).toBe(401);
    expect((await passkeySignIn(authenticator)).result).toMatchObject({ status: 404, data: { error: { code: "auth/passkey-not-found" } } });
    const again = await roundTrip(new Client(undefined, env), "google", { sub: subject, email, email_verified: false });
    expect(errorOf(again.location)).toBe("auth/account-exists-with-different-credential");
  });

  it.each(["google", "apple"] as const)("the owner's %s identity, which vouches for the address, takes such an account over the same way", async (provider) => {
    const email = uniqueEmail(`owner-${provider}`);
    const { account } = await squatWithGoogle(email);
    const owner = new Client(undefined, env);
    const { location } = await roundTrip(owner, provider, { sub: `${provider}-owner-${crypto.randomUUID()}`, email, email_verified: true });
    expect(location).toBe("/web-main");
    expect((await owner.get("/api/user/profile")).status).toBe(200);
    expect(await waysIn(account.id)).toEqual({ passkeys: 0, keys: 0, codes: 0, numbers: 0, connections: [provider] });
    expect(await connectionsOf(account.id)).toEqual([expect.objectContaining({ provider, email, verified: true })]);
  });

  it("a password reset on a verified account keeps its passkeys and two-step sign-in", async () => {
    const { client, user } = await signedInClient();
    await addPasskey(client);
    await turnOnTwoStep(client);
    await new Client().action("/auth/forgot-password", { email: user.email });
    const owner = new Client();
    await owner.get((await latestEmail(user.email)).path!);
    expect((await owner.action("/auth/reset-password", { password: "owners-pass-73", confirmPassword: "owners-pass-73" })).redirect).toBe(
      "/auth/login?notice=password-reset",
    );
    expect(await waysIn(user.id)).toEqual({ passkeys: 1, keys: 1, codes: 10, numbers: 0, connections: ["email"] });
  });
});

describe("an address Google or Apple did not verify", () => {
  it.each([
    ["google", false],
    ["apple", "false"],
  ] as [Provider, unknown][])("%s: makes an account whose address waits for verification, with a connection that proves nothing", async (provider, flag) => {
    const email = uniqueEmail(`unverified-${provider}`);
    const client = new Client(undefined, env);
    const { location } = await roundTrip(client, provider, { sub: `${provider}-${crypto.randomUUID()}`, email, email_verified: flag });
    expect(location).toBe("/web-main");
    const user = (await userByEmail(email))!;
    expect(user.emailVerified).toBe(false);
    expect(await connectionsOf(user.id)).toEqual([expect.objectContaining({ provider, email, verified: false })]);
    // Signed in, and told the address is not verified yet (Settings offers the activation e-mail).
    const profile = await client.get("/api/user/profile");
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email, emailVerified: false });
  });

  it("cannot take over an account nobody verified", async () => {
    const squatter = await createUser({ verified: false });
    const { location } = await roundTrip(new Client(undefined, env), "google", { email: squatter.email, email_verified: false });
    expect(errorOf(location)).toBe("auth/account-exists-with-different-credential");
    expect(await findUserRow(squatter.id)).toMatchObject({ emailVerified: false });
  });
});

describe("an unverified account whose only way in is a passkey", () => {
  it("stays signed in after the passkey signs in", async () => {
    const email = uniqueEmail("passkey-only");
    const client = new Client(undefined, env);
    await roundTrip(client, "google", { sub: `g-${crypto.randomUUID()}`, email, email_verified: false });
    const user = (await userByEmail(email))!;
    const authenticator = await addPasskey(client);
    expect((await client.action("/settings/login-connection", { intent: "disconnect", provider: "google" })).data).toMatchObject({ ok: true });
    expect(await waysIn(user.id)).toMatchObject({ passkeys: 1, connections: [] });

    const { browser, result } = await passkeySignIn(authenticator);
    expect(result.redirect).toBe("/web-main");
    const profile = await browser.get("/api/user/profile");
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ uid: user.id, emailVerified: false });
    // And the next page still knows the person.
    expect((await browser.get("/api/user/profile")).status).toBe(200);
  });
});

describe("closing sign-ups (SIGNUPS_OPEN=false)", () => {
  const message = { en: errorsEn["auth/admin-restricted-operation"], tr: errorsTr["auth/admin-restricted-operation"] };

  it("refuses a password sign-up with the admin-restricted message in English and Turkish, and makes no account", async () => {
    for (const locale of ["en", "tr"] as const) {
      const email = uniqueEmail(`closed-${locale}`);
      const browser = new Client(undefined, closed());
      browser.cookies.set("locale", locale);
      const result = await browser.action("/auth/sign-up", { displayName: "Newcomer", email, password: "closed-pass-42", confirmPassword: "closed-pass-42" });
      expect(result).toMatchObject({ status: 403, data: { ok: false, error: { code: "auth/admin-restricted-operation", message: message[locale] } } });
      expect(await userByEmail(email)).toBeUndefined();
      expect((await latestEmail(email)).row).toBeUndefined();
    }
    expect(message.en).toBeTruthy();
    expect(message.tr).not.toBe(message.en);
  });

  it.each(["google", "apple"] as const)("refuses a first %s sign-in, saying so on the sign-in page, and makes no account", async (provider) => {
    for (const locale of ["en", "tr"] as const) {
      const email = uniqueEmail(`closed-${provider}`);
      const browser = new Client(undefined, closed());
      browser.cookies.set("locale", locale);
      const { location } = await roundTrip(browser, provider, { sub: `${provider}-${crypto.randomUUID()}`, email, email_verified: true });
      expect(errorOf(location)).toBe("auth/admin-restricted-operation");
      expect(browser.sessionToken()).toBeUndefined();
      expect(await userByEmail(email)).toBeUndefined();
      const page = await browser.get(location);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(message[locale].replace(/'/g, "&#x27;"));
    }
  });

  it("an e-mail sign-in link for an unknown address makes no account", async () => {
    const email = uniqueEmail("closed-link");
    expect((await new Client(undefined, closed()).action("/auth/email-link", { email })).data).toMatchObject({ ok: true });
    expect(await userByEmail(email)).toBeUndefined();
    expect((await latestEmail(email)).row).toBeUndefined();
  });

  it("existing accounts still sign in: password, e-mail link, Google", async () => {
    const user = await createUser();
    expect((await new Client(undefined, closed()).action("/auth/login", { email: user.email, password: user.password })).redirect).toBe("/web-main");

    const linkBrowser = new Client(undefined, closed());
    await linkBrowser.action("/auth/email-link", { email: user.email });
    const used = await linkBrowser.action("/auth/email-link", { intent: "use-link", token: tokenOf((await latestEmail(user.email)).path!) });
    expect(used.redirect).toBe("/web-main");

    const email = uniqueEmail("closed-known-google");
    const subject = `g-${crypto.randomUUID()}`;
    await roundTrip(new Client(undefined, env), "google", { sub: subject, email });
    const returning = new Client(undefined, closed());
    expect((await roundTrip(returning, "google", { sub: subject, email })).location).toBe("/web-main");
    expect((await returning.get("/api/user/profile")).status).toBe(200);
  });
});
