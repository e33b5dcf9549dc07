// Email-and-password accounts through the real worker: sign-up, verification, sign-in, the docs/product.md §8 errors each step
// can produce, exact lockouts, enumeration-safe answers, password reset and sessions.
import { eq } from "drizzle-orm";
import authEn from "../../locales/en/auth.json";
import { afterEach, describe, expect, it, vi } from "vitest";
import { disableUser } from "../../app/.server/auth/accounts";
import { sha256Hex } from "../../app/.server/auth/crypto";
import { hashPassword } from "../../app/.server/auth/password";
import { THROTTLE } from "../../app/.server/auth/policy";
import { schema } from "../../app/.server/db";
import { getViewer, issueGuestId } from "../../app/.server/identity";
import { loadConfig, type AppEnv } from "../../app/.server/env";
import { appEnv, uniqueId, productionEnv } from "./helpers";
import { storeThread, threadRow } from "./chat-helpers";
import {
  callWorker,
  Client,
  createUser,
  db,
  emailConnection,
  emailCount,
  failingOperations,
  findUserRow,
  latestEmail,
  localDeveloper,
  sessionsOf,
  signedInClient,
  uniqueEmail,
  updateSessionsOf,
} from "./auth-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

async function signUp(client: Client, fields: Partial<Record<"displayName" | "email" | "password" | "confirmPassword", string>> = {}) {
  const password = fields.password ?? "sign-up-pass1";
  return client.action("/auth/sign-up", {
    displayName: "New Person",
    email: uniqueEmail("signup"),
    password,
    confirmPassword: password,
    ...fields,
  });
}

describe("sign-up", () => {
  it("validates with docs/product.md §5's rules and names each field", async () => {
    const result = await new Client().action("/auth/sign-up", { displayName: "", email: "not-an-email", password: "short", confirmPassword: "other" });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      ok: false,
      error: {
        code: "request/invalid",
        fieldErrors: {
          displayName: authEn.validation.required,
          email: authEn.validation.invalidEmail,
          password: authEn.validation.passwordLength,
          confirmPassword: authEn.validation.passwordsMatch,
        },
      },
    });
    const tooLong = await signUp(new Client(), { password: "a".repeat(21) });
    expect(tooLong.data).toMatchObject({ error: { fieldErrors: { password: authEn.validation.passwordLength } } });
    const missing = await new Client().action("/auth/sign-up", {});
    expect(missing.data).toMatchObject({
      error: { fieldErrors: { email: authEn.validation.required, password: authEn.validation.required, confirmPassword: authEn.validation.required } },
    });
  });

  it("creates an unverified account, sends the activation email in the user's language and starts no session", async () => {
    const client = new Client();
    client.cookies.set("locale", "tr");
    const email = uniqueEmail("tr");
    const result = await signUp(client, { email: email.toUpperCase() });
    expect(result).toMatchObject({ status: 200, data: { ok: true, email, emailSent: true } });
    expect(client.sessionToken()).toBeUndefined();
    const user = await db.query.users.findFirst({ where: eq(schema.users.email, email) });
    expect(user).toMatchObject({ emailVerified: false, locale: "tr", displayName: "New Person" });
    expect(user!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const { row, link } = await latestEmail(email);
    expect(row).toMatchObject({ status: "local" });
    expect(row!.subject).toContain("e-posta adresinizi doğrulayın");
    expect(link).toMatch(new RegExp(`^https://app\\.example/auth/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
    // Only the hash of the token is stored.
    const token = new URL(link!).searchParams.get("token")!;
    const tokens = await db.select().from(schema.emailTokens).where(eq(schema.emailTokens.userId, user!.id));
    expect(tokens.map((t) => t.tokenHash)).toContain(await sha256Hex(token));
    expect(JSON.stringify(tokens)).not.toContain(token);
  });

  it("answers auth/email-already-in-use for a taken address, in any letter case", async () => {
    const existing = await createUser();
    const result = await signUp(new Client(), { email: existing.email.toUpperCase() });
    expect(result).toMatchObject({ status: 409, data: { ok: false, error: { code: "auth/email-already-in-use" } } });
  });

  it("lets only one of two simultaneous sign-ups for one address through", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([signUp(new Client(), { email }), signUp(new Client(), { email })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.$count(schema.users, eq(schema.users.email, email))).toBe(1);
  });

  it("limits sign-ups per network address", async () => {
    const client = new Client();
    for (let index = 0; index < THROTTLE.signUpPerAddress.limit; index++) expect((await signUp(client)).status).toBe(200);
    expect(await signUp(client)).toMatchObject({ status: 429, data: { error: { code: "auth/too-many-requests" } } });
  });
});

describe("email verification", () => {
  it("blocks sign-in until verified, resends on request, and the newest link verifies once", async () => {
    const client = new Client();
    const email = uniqueEmail("verify");
    await signUp(client, { email, password: "verify-pass1" });
    const first = await latestEmail(email);

    const blocked = await client.action("/auth/login", { email, password: "verify-pass1" });
    expect(blocked).toMatchObject({ status: 403, data: { error: { code: "auth/unverified-email" } } });
    expect(client.sessionToken()).toBeUndefined();

    // Resending from the sign-in form needs the password; from the sign-up screen, the signed cookie.
    const wrong = await client.action("/auth/login", { email, password: "not-the-pass", intent: "resend-verification" });
    expect(wrong.data).toMatchObject({ error: { code: "auth/invalid-credential" } });
    const resent = await client.action("/auth/login", { email, password: "verify-pass1", intent: "resend-verification" });
    expect(resent.data).toEqual({ ok: true, notice: "activationSent" });
    const again = await client.action("/auth/sign-up", { intent: "resend-verification" });
    expect(again.data).toEqual({ ok: true, notice: "activationSent" });
    expect(await new Client().action("/auth/sign-up", { intent: "resend-verification" })).toMatchObject({
      data: { error: { code: "auth/requires-recent-login" } },
    });
    expect(await emailCount(email)).toBe(3);

    // Asking again retired the first link.
    const stale = await client.get(first.path!);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("This link is invalid or has already been used.");

    // Opening the newest link shows a Verify button (decision 0020); pressing it verifies.
    const newest = await latestEmail(email);
    const opened = await client.get(newest.path!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
    await opened.body?.cancel();
    const verified = await client.action("/auth/verify-email", { token: new URL(newest.link!).searchParams.get("token")! });
    expect(verified.redirect).toBe("/auth/login?notice=verified");
    const user = await db.query.users.findFirst({ where: eq(schema.users.email, email) });
    expect(user!.emailVerified).toBe(true);
    expect((await emailConnection(user!.id))!.verified).toBe(true);
    expect(await (await client.get(newest.path!)).text()).toContain("This link is invalid or has already been used.");

    const signedIn = await client.action("/auth/login", { email, password: "verify-pass1", redirectTo: "/web-main" });
    expect(signedIn.redirect).toBe("/web-main");
  });

  it("answers auth/expired-action-code for an expired link and auth/invalid-action-code for a made-up one", async () => {
    const client = new Client();
    const email = uniqueEmail("expired");
    await signUp(client, { email });
    const { path } = await latestEmail(email);
    await db.update(schema.emailTokens).set({ expiresAt: Date.now() - 1 });
    expect(await (await client.get(path!)).text()).toContain("This link has expired. Please ask for a new one.");
    expect(await (await client.get(`/auth/verify-email?token=${"x".repeat(43)}`)).text()).toContain("This link is invalid or has already been used.");
    expect(await (await client.get("/auth/verify-email")).text()).toContain("This link is invalid or has already been used.");
  });

  it("limits activation emails per account", async () => {
    const user = await createUser({ verified: false });
    const client = new Client();
    const ask = () => client.action("/auth/login", { email: user.email, password: user.password, intent: "resend-verification" });
    for (let index = 0; index < THROTTLE.emailsPerAccount.limit; index++) expect((await ask()).data).toMatchObject({ ok: true });
    expect(await ask()).toMatchObject({ status: 429, data: { error: { code: "auth/too-many-requests" } } });
  });
});

describe("sign-in", () => {
  it("starts a session behind a __Host- cookie that stores only a hash, and goes back to redirectTo", async () => {
    const user = await createUser();
    const client = new Client();
    const result = await client.action("/auth/login", { email: user.email.toUpperCase(), password: user.password, redirectTo: "/settings/account?x=1" });
    expect(result.redirect).toBe("/settings/account?x=1");
    const cookie = result.setCookies.find((line) => line.startsWith("__Host-session="))!;
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
    const token = client.sessionToken()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await sessionsOf(user.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).toBe(await sha256Hex(token));
    expect(JSON.stringify(sessions)).not.toContain(token);

    const page = await client.get("/settings/account");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(user.email);
  });

  it("uses a plain `session` cookie over http, where __Host- cookies cannot be set", async () => {
    const user = await createUser();
    const response = await callWorker(
      new Request("http://localhost:8787/auth/login.data", {
        method: "POST",
        headers: { Origin: "http://localhost:8787", Host: "localhost:8787", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: user.email, password: user.password }),
      }),
    );
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("session="));
    expect(cookie).toBeDefined();
    expect(cookie).not.toContain("Secure");
    expect(cookie).toContain("HttpOnly");
  });

  it("refuses unsafe redirect targets", async () => {
    for (const target of ["//evil.example/x", "https://evil.example", "/\\evil.example", "/auth/login", "javascript:alert(1)"]) {
      const user = await createUser();
      const result = await new Client().action("/auth/login", { email: user.email, password: user.password, redirectTo: target });
      expect(result.redirect, target).toBe("/web-main");
    }
  });

  it("gives a wrong password and an unknown email the same answer after the same PBKDF2 work", async () => {
    const user = await createUser();
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const wrong = await new Client().action("/auth/login", { email: user.email, password: "wrong-password" });
    const wrongCalls = derive.mock.calls.map((call) => (call[0] as Pbkdf2Params).iterations);
    derive.mockClear();
    const unknown = await new Client().action("/auth/login", { email: uniqueEmail("nobody"), password: "wrong-password" });
    const unknownCalls = derive.mock.calls.map((call) => (call[0] as Pbkdf2Params).iterations);
    expect(wrong).toMatchObject({ status: 401, data: { ok: false, error: { code: "auth/invalid-credential" } } });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.data).toEqual(wrong.data);
    expect(wrongCalls).toEqual([100_000]);
    expect(unknownCalls).toEqual(wrongCalls);
  });

  // Decision 0012; tests/integration/auth-throttle.test.ts has the pair lock, the trusted browser and the pace itself.
  it("slows an account after repeated failures from many addresses, even for the right password", async () => {
    const user = await createUser();
    for (let index = 0; index < THROTTLE.signInPerAccount.limit; index++) {
      const result = await new Client().action("/auth/login", { email: user.email, password: `wrong-${index}` });
      expect(result.data).toMatchObject({ error: { code: "auth/invalid-credential" } });
    }
    const locked = await new Client().action("/auth/login", { email: user.email, password: user.password });
    expect(locked).toMatchObject({ status: 429, data: { error: { code: "auth/too-many-requests" } } });
    expect(Number(locked.data?.error?.details?.retryAfterSeconds)).toBeGreaterThan(0);
    expect(Number(locked.data?.error?.details?.retryAfterSeconds)).toBeLessThanOrEqual(THROTTLE.signInPerAccount.paceMs / 1000);
    // An unknown address is slowed the same way (no difference to learn from).
    const ghost = uniqueEmail("ghost");
    for (let index = 0; index < THROTTLE.signInPerAccount.limit; index++) await new Client().action("/auth/login", { email: ghost, password: "x" });
    expect((await new Client().action("/auth/login", { email: ghost, password: "x" })).data).toMatchObject({ error: { code: "auth/too-many-requests" } });
  });

  it("counts exactly under concurrency: parallel wrong guesses never exceed the account's or the pair's limit", async () => {
    const user = await createUser();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) => new Client().action("/auth/login", { email: user.email, password: `parallel-${index}` })),
    );
    const invalid = results.filter((result) => result.data?.error?.code === "auth/invalid-credential").length;
    const limited = results.filter((result) => result.data?.error?.code === "auth/too-many-requests").length;
    expect(invalid).toBe(THROTTLE.signInPerAccount.limit);
    expect(limited).toBe(12 - THROTTLE.signInPerAccount.limit);
    const other = await createUser();
    const guesser = new Client();
    const fromOne = await Promise.all(Array.from({ length: 8 }, (_, index) => guesser.action("/auth/login", { email: other.email, password: `one-${index}` })));
    expect(fromOne.filter((result) => result.data?.error?.code === "auth/invalid-credential")).toHaveLength(THROTTLE.signInPerAccountAddress.limit);
  });

  it("locks a network address after failures across many emails, but not other addresses", async () => {
    const attacker = new Client();
    for (let index = 0; index < THROTTLE.signInPerAddress.limit; index++) {
      await attacker.action("/auth/login", { email: uniqueEmail(`spray${index}`), password: "password1" });
    }
    const user = await createUser();
    expect((await attacker.action("/auth/login", { email: user.email, password: user.password })).data).toMatchObject({
      error: { code: "auth/too-many-requests" },
    });
    const elsewhere = await new Client().action("/auth/login", { email: user.email, password: user.password });
    expect(elsewhere.redirect).toBe("/web-main");
  });

  it("forgets an address's failures for the account after a successful sign-in there", async () => {
    const user = await createUser();
    const browser = new Client();
    const limit = THROTTLE.signInPerAccountAddress.limit;
    for (let index = 0; index < limit - 1; index++) await browser.action("/auth/login", { email: user.email, password: "nope" });
    expect((await browser.action("/auth/login", { email: user.email, password: user.password })).redirect).toBeDefined();
    for (let index = 0; index < limit - 1; index++) {
      expect((await browser.action("/auth/login", { email: user.email, password: "nope" })).data).toMatchObject({ error: { code: "auth/invalid-credential" } });
    }
  });

  it("re-hashes a password stored with older parameters", async () => {
    const user = await createUser();
    await db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(user.password, { iterations: 50_000 }) })
      .where(eq(schema.users.id, user.id));
    expect((await new Client().action("/auth/login", { email: user.email, password: user.password })).redirect).toBeDefined();
    expect((await findUserRow(user.id))!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });

  it("makes a new session id at every sign-in and ends the one it replaces", async () => {
    const { client, user } = await signedInClient();
    const first = client.sessionToken()!;
    const second = await client.action("/auth/login", { email: user.email, password: user.password });
    expect(second.redirect).toBeDefined();
    const token = client.sessionToken()!;
    expect(token).not.toBe(first);
    const ids = (await sessionsOf(user.id)).map((session) => session.id);
    expect(ids).toEqual([await sha256Hex(token)]);
  });

  it("answers auth/user-disabled and signs a disabled account out everywhere at once", async () => {
    const { client, user } = await signedInClient();
    const other = new Client();
    await other.action("/auth/login", { email: user.email, password: user.password });
    expect((await client.get("/settings/account")).status).toBe(200);
    await disableUser(appEnv, user.id);
    expect((await client.get("/settings/account")).headers.get("Location")).toBe("/auth/login?redirectTo=%2Fsettings%2Faccount");
    expect((await other.get("/api/user/profile")).status).toBe(401);
    expect(await new Client().action("/auth/login", { email: user.email, password: user.password })).toMatchObject({
      status: 403,
      data: { error: { code: "auth/user-disabled" } },
    });
  });

  it("adopts the visitor's chats when they sign in", async () => {
    const visitor = new Client();
    // The guest id is issued when a visitor first needs one; make one the way the app does.
    const { guestId, setCookie } = await issueGuestId(new Request("https://app.example/"), loadConfig(appEnv));
    const [name, ...value] = setCookie.split(";")[0]!.split("=");
    visitor.cookies.set(name!, value.join("="));
    const threadId = uniqueId("thread");
    await storeThread(guestId, { id: threadId, title: "Guest question" });
    const user = await createUser();
    const result = await visitor.action("/auth/login", { email: user.email, password: user.password });
    expect(result.redirect).toBe("/web-main");
    // The thread moved from the guest's object into the account's, once.
    expect((await threadRow(user.id, threadId))!.ownerId).toBe(user.id);
    expect(await threadRow(guestId, threadId)).toBeUndefined();
  });
});

describe("sign-out and sessions", () => {
  it("ends the session on the server, not just the cookie", async () => {
    const { client, user } = await signedInClient();
    const token = client.sessionToken()!;
    const response = await client.fetch("/auth/sign-out", { method: "POST", body: new URLSearchParams({ redirectTo: "/settings/account" }) });
    expect(response.status).toBe(302);
    // A guarded page is not a place to land after signing out.
    expect(response.headers.get("Location")).toBe("/web-main");
    expect(await sessionsOf(user.id)).toHaveLength(0);
    // The old cookie, replayed, is worth nothing.
    const replay = new Client();
    replay.cookies.set("__Host-session", token);
    expect((await replay.get("/api/user/profile")).status).toBe(401);
  });

  it("signs out other devices only", async () => {
    const { client, user } = await signedInClient();
    const phone = new Client();
    await phone.action("/auth/login", { email: user.email, password: user.password });
    expect(await sessionsOf(user.id)).toHaveLength(2);
    expect((await client.action("/settings/account", { intent: "sign-out-others" })).data).toEqual({ ok: true, notice: "actionCompleted" });
    expect((await client.get("/api/user/profile")).status).toBe(200);
    expect((await phone.get("/api/user/profile")).status).toBe(401);
  });

  it("ends idle sessions", async () => {
    const { client, user } = await signedInClient();
    await updateSessionsOf(user.id, { expiresAt: Date.now() - 1 });
    expect((await client.get("/api/user/profile")).status).toBe(401);
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("treats a session whose profile cannot be loaded as signed out, with docs/product.md §4's message", async () => {
    const { client } = await signedInClient();
    const broken = {
      ...appEnv,
      DB: {
        prepare() {
          throw new Error("D1 is unavailable");
        },
        batch() {
          throw new Error("D1 is unavailable");
        },
      },
    } as unknown as AppEnv;
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = new Request("https://app.example/web-main", { headers: { Cookie: client.cookieHeader() } });
    // The session is the account object's (decision 0039): a page is signed out only when that object cannot answer.
    const unreachable = failingOperations(appEnv, "auth.whoIs");
    expect(await getViewer(request, { env: unreachable, config: loadConfig(unreachable) })).toMatchObject({
      kind: "guest",
      authError: "auth/profile-unavailable",
    });
    // The account's own API needs its whole D1 row: without D1 it answers the same message.
    const profile = await callWorker(new Request("https://app.example/api/user/profile", { headers: { Cookie: client.cookieHeader() } }), broken);
    expect(profile.status).toBe(500);
    expect(await profile.json()).toEqual({ ok: false, error: { code: "auth/profile-unavailable", message: "Could not retrieve user information" } });
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses, and only emails the known one", async () => {
    const user = await createUser();
    const ghost = uniqueEmail("ghost");
    const known = await new Client().action("/auth/forgot-password", { email: user.email });
    const unknown = await new Client().action("/auth/forgot-password", { email: ghost });
    expect(known).toMatchObject({ status: 200, data: { ok: true } });
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknown.data!)).toEqual(Object.keys(known.data!));
    expect(await emailCount(user.email)).toBe(1);
    expect(await emailCount(ghost)).toBe(0);
    expect((await new Client().action("/auth/forgot-password", { email: "nope" })).data).toMatchObject({
      error: { fieldErrors: { email: authEn.validation.invalidEmail } },
    });
  });

  it("resets with a single-use link kept out of the address bar, ends every session and verifies the email", async () => {
    const { client: device, user } = await signedInClient();
    // An address nobody has verified yet (the session row stays, unused): the reset link proves it.
    await db.update(schema.users).set({ emailVerified: false }).where(eq(schema.users.id, user.id));
    await new Client().action("/auth/forgot-password", { email: user.email });
    const { path, row } = await latestEmail(user.email);
    expect(row!.subject).toContain("Reset your");

    const browser = new Client();
    const opened = await browser.get(path!);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe("/auth/reset-password");
    expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
    const page = await browser.get("/auth/reset-password");
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toContain("Choose a new password");

    const mismatch = await browser.action("/auth/reset-password", { password: "brand-new-1", confirmPassword: "brand-new-2" });
    expect(mismatch.data).toMatchObject({ error: { fieldErrors: { confirmPassword: authEn.validation.passwordsMatch } } });
    const done = await browser.action("/auth/reset-password", { password: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(done.redirect).toBe("/auth/login?notice=password-reset");

    expect(await sessionsOf(user.id)).toHaveLength(0);
    expect((await device.get("/api/user/profile")).status).toBe(401);
    expect((await findUserRow(user.id))!.emailVerified).toBe(true);
    expect(await new Client().action("/auth/login", { email: user.email, password: user.password })).toMatchObject({
      data: { error: { code: "auth/invalid-credential" } },
    });
    expect((await new Client().action("/auth/login", { email: user.email, password: "brand-new-1" })).redirect).toBe("/web-main");

    // Single use: the same link again is refused.
    const reuse = new Client();
    expect(await (await reuse.get(path!)).text()).toContain("This link is invalid or has already been used.");
    expect((await reuse.action("/auth/reset-password", { password: "another-1", confirmPassword: "another-1" })).data).toMatchObject({
      error: { code: "auth/invalid-action-code" },
    });
  });

  it("refuses an expired reset link with auth/expired-action-code", async () => {
    const user = await createUser();
    await new Client().action("/auth/forgot-password", { email: user.email });
    const { path } = await latestEmail(user.email);
    await db
      .update(schema.emailTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(schema.emailTokens.userId, user.id));
    const browser = new Client();
    // The link is checked before anything is signed (decision 0005 "Signed values"): the page says so at once and keeps no cookie.
    expect(await (await browser.get(path!)).text()).toContain("This link has expired. Please ask for a new one.");
    expect((await browser.action("/auth/reset-password", { password: "brand-new-1", confirmPassword: "brand-new-1" })).data).toMatchObject({
      error: { code: "auth/invalid-action-code" },
    });
  });

  it("lifts a lockout once the mailbox is proven", async () => {
    const user = await createUser();
    for (let index = 0; index <= THROTTLE.signInPerAccount.limit; index++) await new Client().action("/auth/login", { email: user.email, password: "nope" });
    await new Client().action("/auth/forgot-password", { email: user.email });
    const browser = new Client();
    await browser.get((await latestEmail(user.email)).path!);
    await browser.action("/auth/reset-password", { password: "fresh-pass-1", confirmPassword: "fresh-pass-1" });
    expect((await new Client().action("/auth/login", { email: user.email, password: "fresh-pass-1" })).redirect).toBe("/web-main");
  });
});

describe("guards", () => {
  it("sends visitors from settings to sign in and back; the gallery and the plans invite them instead", async () => {
    const visitor = new Client();
    for (const path of ["/settings/account", "/settings/login-connection", "/settings/my-plan", "/payment?success=1"]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const path of ["/web-main", "/image-generation", "/horoscope", "/auth/login", "/auth/sign-up", "/auth/forgot-password", "/auth/email-link"]) {
      const response = await visitor.get(path);
      await response.body?.cancel();
      expect(response.status, path).toBe(200);
    }
    // Decision 0020: a visitor sees the plans with prices and a sign-in button, and an inviting empty gallery.
    const plans = await visitor.get("/payment?period=year");
    expect(plans.status).toBe(200);
    const plansHtml = await plans.text();
    expect(plansHtml).toContain("Sign in to subscribe");
    expect(plansHtml).toContain(`/auth/login?redirectTo=${encodeURIComponent("/payment?period=year")}`);
    const gallery = await visitor.get("/gallery");
    expect(gallery.status).toBe(200);
    expect(await gallery.text()).toContain("Sign in to start your gallery");
    expect((await visitor.action("/payment", { intent: "checkout", period: "week" })).redirect).toMatch(/^\/auth\/login/);
    const { client } = await signedInClient();
    for (const path of ["/settings/account", "/gallery", "/payment"]) {
      const response = await client.get(path);
      await response.body?.cancel();
      expect(response.status, path).toBe(200);
    }
    expect((await client.get("/auth/login?redirectTo=%2Fgallery")).headers.get("Location")).toBe("/gallery");
  });

  it("shows the development mailbox only to a local development run", async () => {
    const developer = localDeveloper();
    const response = await developer.get("/dev/mailbox");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Development mailbox");
    // Production; the tests' APP_ENV ("test"); development reached from a public address or under another host.
    for (const stranger of [
      new Client(undefined, productionEnv()),
      new Client(),
      new Client("198.51.100.4", developer.env, developer.origin),
      new Client("127.0.0.1", developer.env),
    ]) {
      const hidden = await stranger.get("/dev/mailbox");
      expect(hidden.status, `${stranger.address} ${stranger.origin}`).toBe(404);
      expect(await hidden.text()).not.toContain("Development mailbox");
    }
  });
});

describe("secrets stay out of logs and errors", () => {
  it("never logs a password, token or session id", async () => {
    const lines: string[] = [];
    for (const level of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(" "));
      });
    }
    const password = "Secret-Pass-77";
    const client = new Client();
    const email = uniqueEmail("logs");
    await signUp(client, { email, password });
    const verify = await latestEmail(email);
    await client.action("/auth/verify-email", { token: new URL(verify.link!).searchParams.get("token")! });
    await client.action("/auth/login", { email, password: "Wrong-Pass-77" });
    await client.action("/auth/login", { email, password });
    const session = client.sessionToken()!;
    await client.action("/auth/forgot-password", { email });
    const reset = await latestEmail(email);
    const browser = new Client();
    await browser.get(reset.path!);
    await browser.action("/auth/reset-password", { password: "Newer-Pass-88", confirmPassword: "Newer-Pass-88" });
    const secrets = [
      password,
      "Wrong-Pass-77",
      "Newer-Pass-88",
      session,
      new URL(verify.link!).searchParams.get("token")!,
      new URL(reset.link!).searchParams.get("token")!,
    ];
    for (const secret of secrets) expect(lines.join("\n")).not.toContain(secret);
  });
});
