// Decision 0028's passkeys through the real worker: adding a passkey in Settings and signing in with it, with answers a software
// authenticator builds (webauthn-helpers.ts) and the server's real verification. Refused, with nothing stored and no
// session: an answer from another origin, a challenge answered twice, a counter that goes backwards, another account's
// challenge. A passkey counts as a verified login connection; every change is recorded and mailed (decision 0028).
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SESSION_POLICY } from "../../app/.server/auth/policy";
import { schema } from "../../app/.server/db";
import { setClockOffset } from "../../app/.server/clock";
import { Client, ORIGIN, connectionsOf, db, latestEmail, sessionsOf, signedInClient } from "./auth-helpers";
import { SoftAuthenticator, type CreationOptions, type RequestOptions } from "./webauthn-helpers";

afterEach(() => setClockOffset(0));

const CHROME_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

async function options<T>(client: Client, purpose: "register" | "sign-in") {
  const response = await client.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose }) });
  return { status: response.status, body: (await response.json()) as { ok: boolean; options: T; error?: { code: string } } };
}

async function sendRegistration(client: Client, answer: unknown) {
  const response = await client.fetch("/api/passkeys", {
    method: "POST",
    body: new URLSearchParams({ response: JSON.stringify(answer) }),
    headers: { "User-Agent": CHROME_ON_MAC },
  });
  return { status: response.status, body: (await response.json()) as { ok: boolean; error?: { code: string; message: string } } };
}

/** A signed-in account with one passkey made in Settings. */
async function accountWithPasskey() {
  const account = await signedInClient();
  const authenticator = await SoftAuthenticator.create();
  const { body } = await options<CreationOptions>(account.client, "register");
  const added = await sendRegistration(account.client, await authenticator.register(body.options, ORIGIN));
  expect(added).toMatchObject({ status: 200, body: { ok: true } });
  return { ...account, authenticator };
}

async function passkeyRows(userId: string) {
  return db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, userId));
}

/** A new browser's passkey sign-in: options, then the answer to /auth/login. */
async function signInWith(authenticator: SoftAuthenticator, { origin = ORIGIN, counter }: { origin?: string; counter?: number } = {}) {
  const browser = new Client();
  const { body } = await options<RequestOptions>(browser, "sign-in");
  const answer = await authenticator.authenticate(body.options, origin, { counter });
  const cookie = browser.cookies.get("__Host-passkey_challenge");
  const result = await browser.action("/auth/login", { intent: "passkey", response: JSON.stringify(answer), redirectTo: "/gallery" });
  return { browser, result, answer, cookie };
}

describe("adding a passkey", () => {
  it("stores it named after the device, records it, mails the account and lists it in Settings", async () => {
    const { client, user, authenticator } = await accountWithPasskey();
    const rows = await passkeyRows(user.id);
    expect(rows).toEqual([expect.objectContaining({ credentialId: authenticator.id, name: "Mac · Chrome", counter: 0, lastUsedAt: null })]);
    const activity = await db.select().from(schema.securityEvents).where(eq(schema.securityEvents.userId, user.id));
    expect(activity.map((event) => event.kind)).toEqual(["passkey-added"]);
    expect((await latestEmail(user.email)).row?.textBody).toContain("A passkey was added to your account.");
    const page = await client.loaderData("/settings/login-connection", "routes/_main.settings.login-connection");
    expect(page.data?.passkeys).toEqual([expect.objectContaining({ id: rows[0]!.id, name: "Mac · Chrome", lastUsedAt: null })]);
    expect(page.data?.activity).toEqual([expect.objectContaining({ kind: "passkey-added" })]);
  });

  it("refuses an answer made for another origin, and stores nothing", async () => {
    const { client, user } = await signedInClient();
    const { body } = await options<CreationOptions>(client, "register");
    const answer = await (await SoftAuthenticator.create()).register(body.options, "https://evil.example");
    expect(await sendRegistration(client, answer)).toMatchObject({ status: 400, body: { ok: false, error: { code: "auth/passkey-failed" } } });
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  it("refuses the same answer sent again (its challenge was used), and another account's challenge", async () => {
    const { client, user } = await signedInClient();
    const { body } = await options<CreationOptions>(client, "register");
    const challengeCookie = client.cookies.get("__Host-passkey_challenge")!;
    const answer = await (await SoftAuthenticator.create()).register(body.options, ORIGIN);
    expect((await sendRegistration(client, answer)).status).toBe(200);
    client.cookies.set("__Host-passkey_challenge", challengeCookie);
    expect(await sendRegistration(client, answer)).toMatchObject({ status: 400, body: { error: { code: "auth/passkey-failed" } } });
    expect(await passkeyRows(user.id)).toHaveLength(1);

    // A challenge cookie is bound to the account it was asked for.
    const other = await signedInClient();
    other.client.cookies.set("__Host-passkey_challenge", challengeCookie);
    const stolen = await (await SoftAuthenticator.create()).register(body.options, ORIGIN);
    expect((await sendRegistration(other.client, stolen)).status).toBe(400);
    expect(await passkeyRows(other.user.id)).toEqual([]);
  });

  it("refuses a malformed attestation with a clear message", async () => {
    const { client, user } = await signedInClient();
    const { body } = await options<CreationOptions>(client, "register");
    const answer = await (await SoftAuthenticator.create()).register(body.options, ORIGIN, { attestationObject: "bm90LWNib3I" });
    expect(await sendRegistration(client, answer)).toMatchObject({
      status: 400,
      body: { error: { code: "auth/passkey-failed", message: "This passkey could not be used. Please try again." } },
    });
    expect(await passkeyRows(user.id)).toEqual([]);
  });

  it("needs a sign-in from the last 10 minutes", async () => {
    const { client } = await signedInClient();
    setClockOffset(SESSION_POLICY.recentSignInMs + 60_000);
    expect(await options(client, "register")).toMatchObject({ status: 401, body: { error: { code: "auth/requires-recent-login" } } });
  });
});

describe("signing in with a passkey", () => {
  it("signs in with no password, and notes when the passkey was used", async () => {
    const { user, authenticator } = await accountWithPasskey();
    const { result, browser } = await signInWith(authenticator);
    expect(result.redirect).toBe("/gallery");
    expect(browser.sessionToken()).toMatch(/^[\w-]{43}$/);
    const [row] = await passkeyRows(user.id);
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeGreaterThan(0);
  });

  it("refuses an answer made for another origin: no session", async () => {
    const { user, authenticator } = await accountWithPasskey();
    const before = (await sessionsOf(user.id)).length;
    const { result, browser } = await signInWith(authenticator, { origin: "https://evil.example" });
    expect(result).toMatchObject({ status: 400, data: { ok: false, error: { code: "auth/passkey-failed" } } });
    expect(browser.sessionToken()).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(before);
  });

  it("refuses a replayed answer (the same challenge twice)", async () => {
    const { user, authenticator } = await accountWithPasskey();
    // Counter 0, as synced passkeys keep it: only the used challenge tells the replay apart.
    const first = await signInWith(authenticator, { counter: 0 });
    expect(first.result.redirect).toBe("/gallery");
    const replayer = new Client();
    replayer.cookies.set("__Host-passkey_challenge", first.cookie!);
    const before = (await sessionsOf(user.id)).length;
    const replay = await replayer.action("/auth/login", { intent: "passkey", response: JSON.stringify(first.answer), redirectTo: "/gallery" });
    expect(replay).toMatchObject({ status: 400, data: { error: { code: "auth/passkey-failed" } } });
    expect(replayer.sessionToken()).toBeUndefined();
    expect(await sessionsOf(user.id)).toHaveLength(before);
  });

  it("refuses a counter that goes backwards (a cloned authenticator)", async () => {
    const { authenticator } = await accountWithPasskey();
    expect((await signInWith(authenticator, { counter: 5 })).result.redirect).toBe("/gallery");
    const { result, browser } = await signInWith(authenticator, { counter: 3 });
    expect(result).toMatchObject({ status: 400, data: { error: { code: "auth/passkey-failed" } } });
    expect(browser.sessionToken()).toBeUndefined();
  });

  it("refuses the second of two sign-ins racing with the same counter (a lost race, or a replayed counter)", async () => {
    const { user, authenticator } = await accountWithPasskey();
    const asked = await Promise.all(
      [new Client(), new Client()].map(async (browser) => ({ browser, body: (await options<RequestOptions>(browser, "sign-in")).body })),
    );
    const answers: Awaited<ReturnType<SoftAuthenticator["authenticate"]>>[] = [];
    for (const { body } of asked) answers.push(await authenticator.authenticate(body.options, ORIGIN, { counter: 7 }));
    const results = await Promise.all(
      asked.map(({ browser }, index) => browser.action("/auth/login", { intent: "passkey", response: JSON.stringify(answers[index]), redirectTo: "/gallery" })),
    );
    expect(results.filter((result) => result.redirect === "/gallery")).toHaveLength(1);
    expect(results.filter((result) => result.status === 400 && result.data?.error?.code === "auth/passkey-failed")).toHaveLength(1);
    expect(asked.filter(({ browser }) => browser.sessionToken())).toHaveLength(1);
    expect((await passkeyRows(user.id))[0]!.counter).toBe(7);
  });

  it("says a passkey this app does not know is not registered", async () => {
    const { result } = await signInWith(await SoftAuthenticator.create());
    expect(result).toMatchObject({
      status: 404,
      data: { error: { code: "auth/passkey-not-found", message: "This passkey is not registered here. Sign in another way." } },
    });
  });
});

describe("the owner's passkeys", () => {
  it("count as a verified login connection: the password can go, the last passkey then cannot", async () => {
    const { client, user } = await accountWithPasskey();
    expect((await client.action("/settings/login-connection", { intent: "disconnect", provider: "email" })).data).toMatchObject({ ok: true });
    expect(await connectionsOf(user.id)).toEqual([]);
    const [row] = await passkeyRows(user.id);
    const remove = await client.fetch(`/api/passkeys/${row!.id}`, { method: "POST", body: new URLSearchParams({ intent: "remove" }) });
    expect(remove.status).toBe(409);
    expect(await remove.json()).toMatchObject({ error: { code: "auth/last-connection" } });
    expect(await passkeyRows(user.id)).toHaveLength(1);
  });

  it("are renamed and removed by their owner only; removing is recorded and mailed", async () => {
    const { client, user } = await accountWithPasskey();
    const [row] = await passkeyRows(user.id);
    const stranger = await signedInClient();
    for (const body of [{ intent: "rename", name: "Mine now" }, { intent: "remove" }] as Record<string, string>[]) {
      const refused = await stranger.client.fetch(`/api/passkeys/${row!.id}`, { method: "POST", body: new URLSearchParams(body) });
      expect(refused.status).toBe(404);
    }
    const tooLong = await client.fetch(`/api/passkeys/${row!.id}`, { method: "POST", body: new URLSearchParams({ intent: "rename", name: "x".repeat(51) }) });
    expect(tooLong.status).toBe(400);
    expect((await passkeyRows(user.id))[0]!.name).toBe("Mac · Chrome");
    const renamed = await client.fetch(`/api/passkeys/${row!.id}`, { method: "POST", body: new URLSearchParams({ intent: "rename", name: " Work laptop " }) });
    expect(renamed.status).toBe(200);
    expect((await passkeyRows(user.id))[0]!.name).toBe("Work laptop");

    setClockOffset(SESSION_POLICY.recentSignInMs + 60_000);
    const stale = await client.fetch(`/api/passkeys/${row!.id}`, { method: "POST", body: new URLSearchParams({ intent: "remove" }) });
    expect(stale.status).toBe(401);
    setClockOffset(0);
    const removed = await client.fetch(`/api/passkeys/${row!.id}`, { method: "POST", body: new URLSearchParams({ intent: "remove" }) });
    expect(removed.status).toBe(200);
    expect(await passkeyRows(user.id)).toEqual([]);
    expect((await latestEmail(user.email)).row?.textBody).toContain("A passkey was removed from your account.");
  });
});
