// Sign-in throttling (docs/decisions/0012-sign-in-throttle.md): wrong guesses lock an (account, address) pair and a
// busy address, while the account as a whole is only slowed, so nobody can lock the owner out from elsewhere. Every
// 429 says when to try again (Retry-After, and retryAfterSeconds for the page's message).
import { describe, expect, it } from "vitest";
import { AppError } from "../../app/.server/errors";
import { failure } from "../../app/.server/http/auth";
import { appEnv } from "./helpers";
import { Client, createUser, latestEmail, uniqueEmail } from "./auth-helpers";

/** Failures one (account, address) pair may make in 15 minutes; the account's ceiling across all addresses. */
const PAIR_LIMIT = 5;
const ACCOUNT_CEILING = 10;

async function wrongGuess(client: Client, email: string) {
  return client.action("/auth/login", { email, password: "not-the-password" });
}

describe("sign-in throttle", () => {
  it("never locks the owner out of their own address because of guesses made elsewhere", async () => {
    const user = await createUser();
    for (let index = 0; index < PAIR_LIMIT + 1; index++) {
      expect((await wrongGuess(new Client(), user.email)).data).toMatchObject({ error: { code: "auth/invalid-credential" } });
    }
    const owner = await new Client().action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
    expect(owner.redirect).toBe("/web-main");
  });

  it("locks an account for one address after five failures, even for the right password, and says when to retry", async () => {
    const user = await createUser();
    const guesser = new Client();
    for (let index = 0; index < PAIR_LIMIT; index++) {
      expect((await wrongGuess(guesser, user.email)).data).toMatchObject({ error: { code: "auth/invalid-credential" } });
    }
    const response = await guesser.fetch("/auth/login.data", { method: "POST", body: new URLSearchParams({ email: user.email, password: user.password }) });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await response.text()).toContain("auth/too-many-requests");
    // The same account from another address (the owner at home) is not locked.
    expect((await new Client().action("/auth/login", { email: user.email, password: user.password })).redirect).toBe("/web-main");
  });

  it("slows an account guessed at from many addresses without locking it, and not for a browser that signed in before", async () => {
    const user = await createUser();
    const owner = new Client("198.51.100.7");
    expect((await owner.action("/auth/login", { email: user.email, password: user.password })).redirect).toBe("/web-main");
    await owner.fetch("/auth/sign-out", { method: "POST", body: new URLSearchParams({ redirectTo: "/web-main" }) });

    for (let index = 0; index < ACCOUNT_CEILING; index++) {
      expect((await wrongGuess(new Client(), user.email)).data, `guess ${index + 1}`).toMatchObject({ error: { code: "auth/invalid-credential" } });
    }
    // Past the ceiling a stranger's attempt must wait a few seconds: slowed, with the wait given.
    const stranger = await new Client().fetch("/auth/login.data", {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: user.password }),
    });
    expect(stranger.status).toBe(429);
    const wait = Number(stranger.headers.get("Retry-After"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10);
    // The owner's browser, even from a new address, is not held up by the strangers' guesses.
    const returning = new Client("198.51.100.77");
    for (const [name, value] of owner.cookies) returning.cookies.set(name, value);
    expect((await returning.action("/auth/login", { email: user.email, password: user.password })).redirect).toBe("/web-main");
  });

  it("lets a password reset lift the lockout of the address it was done from", async () => {
    const user = await createUser();
    const browser = new Client();
    for (let index = 0; index <= PAIR_LIMIT; index++) await wrongGuess(browser, user.email);
    await browser.action("/auth/forgot-password", { email: user.email });
    await browser.get((await latestEmail(user.email)).path!);
    await browser.action("/auth/reset-password", { password: "fresh-pass-1", confirmPassword: "fresh-pass-1" });
    expect((await browser.action("/auth/login", { email: user.email, password: "fresh-pass-1" })).redirect).toBe("/web-main");
  });

  it("counts an IPv6 client by its /64, so hopping addresses inside it gains nothing", async () => {
    const user = await createUser();
    for (let index = 0; index < PAIR_LIMIT; index++) await wrongGuess(new Client(`2001:db8:77:1::${index + 1}`), user.email);
    const hopped = await new Client("2001:db8:77:1::ff").action("/auth/login", { email: user.email, password: user.password });
    expect(hopped).toMatchObject({ status: 429, data: { error: { code: "auth/too-many-requests" } } });
    expect((await new Client("2001:db8:77:2::1").action("/auth/login", { email: user.email, password: user.password })).redirect).toBe("/web-main");
  });
});

describe("the pace past the ceiling (AuthThrottle)", () => {
  it("allows one attempt per interval once the window is full, and is exact about the wait", async () => {
    const stub = appEnv.AUTH_THROTTLE.get(appEnv.AUTH_THROTTLE.idFromName(`test:pace:${crypto.randomUUID()}`));
    const window = { limit: 2, windowMs: 60_000, paceMs: 10_000 };
    // Real time: the object's clean-up alarm is set from these instants and would fire at once for old ones.
    const t0 = Date.now();
    expect((await stub.attempt(window, t0)).allowed).toBe(true);
    expect((await stub.attempt(window, t0 + 1)).allowed).toBe(true);
    const slowed = await stub.attempt(window, t0 + 2);
    expect(slowed).toMatchObject({ allowed: false, retryAfterMs: 9_999 });
    expect((await stub.attempt(window, t0 + 10_001)).allowed).toBe(true);
    expect((await stub.attempt(window, t0 + 10_002)).allowed).toBe(false);
    expect((await stub.attempt(window, t0 + 20_001)).allowed).toBe(true);
  });
});

describe("Retry-After on every 429", () => {
  it("is sent with a refused sign-up", async () => {
    const client = new Client();
    let refused: Response | undefined;
    for (let index = 0; index < 12 && !refused; index++) {
      const body = new URLSearchParams({ displayName: "Spam", email: uniqueEmail("burst"), password: "burst-pass-123", confirmPassword: "burst-pass-123" });
      const response = await client.fetch("/auth/sign-up.data", { method: "POST", body });
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(refused, "the eleventh sign-up from one address is refused").toBeDefined();
    expect(Number(refused!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused!.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
  });

  it("is set by failure, the action helper, the same way apiError sets it", () => {
    const result = failure(new Request("https://app.example/auth/login"), new AppError("auth/too-many-requests", { retryAfterSeconds: 42 }));
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).get("Retry-After")).toBe("42");
  });
});
