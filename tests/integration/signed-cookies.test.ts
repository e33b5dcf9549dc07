// Decision 0005 "Signed values": nothing is signed before it is validated, each signed cookie has
// its own key, and cookies in the earlier one-key format (`value.HMAC(SESSION_SECRET, value)`) are no longer accepted.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createEmailToken } from "../../app/.server/auth/email-tokens";
import { signValue } from "../../app/.server/auth/signing";
import { schema } from "../../app/.server/db";
import { loadConfig } from "../../app/.server/env";
import { oneKeySignature, oneKeySigned } from "../fixtures/one-key-signature";
import { Client, createUser, db, latestEmail } from "./auth-helpers";
import { guest, sendTurn } from "./chat-helpers";
import { appEnv } from "./helpers";

const secret = loadConfig(appEnv).sessionSecret;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Past this many failures from everywhere, an account's sign-ins are slowed (decision 0012). */
const ACCOUNT_CEILING = 10;

function tokenOf(path: string): string {
  return new URL(path, "https://app.example").searchParams.get("token") ?? "";
}

/** Failed guesses at `email` from many addresses, until the account-wide slow-down applies. */
async function guessFromEverywhere(email: string) {
  for (let index = 0; index < ACCOUNT_CEILING; index++) await new Client().action("/auth/login", { email, password: "not-the-password" });
}

async function signInAttempt(client: Client, email: string, password: string) {
  return client.fetch("/auth/login.data", { method: "POST", body: new URLSearchParams({ email, password }) });
}

describe("the reset page signs only a live reset link", () => {
  it.each([
    ["any text", "garbage", "en"],
    ["a trusted-device payload", `device|${Math.floor(Date.now() / DAY_MS)}|someone@example.com`, "en"],
    ["a token of the right shape that was never issued", "A".repeat(43), "tr"],
  ])("%s: the invalid-link page, and no reset_token cookie", async (_, token, locale) => {
    const browser = new Client();
    if (locale === "tr") browser.cookies.set("locale", "tr");
    const response = await browser.get(`/auth/reset-password?token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().filter((line) => line.includes("reset_token"))).toEqual([]);
    expect(await response.text()).toContain(
      locale === "tr" ? "Bu bağlantı geçersiz ya da daha önce kullanılmış." : "This link is invalid or has already been used.",
    );
  });

  it("an expired link, or a live link of another kind: the invalid-link page, and no cookie", async () => {
    const user = await createUser();
    await new Client().action("/auth/forgot-password", { email: user.email });
    const { path } = await latestEmail(user.email);
    await db
      .update(schema.emailTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(schema.emailTokens.userId, user.id));
    const expired = await new Client().get(path!);
    expect(expired.headers.getSetCookie()).toEqual([]);
    expect(await expired.text()).toContain("This link has expired. Please ask for a new one.");

    // Live links of the other kinds are tokens too, but not reset ones.
    for (const purpose of ["verify-email", "sign-in-link"] as const) {
      const token = await createEmailToken(appEnv, user.id, purpose);
      const wrongKind = await new Client().get(`/auth/reset-password?token=${token}`);
      expect(wrongKind.headers.getSetCookie(), purpose).toEqual([]);
      expect(await wrongKind.text()).toContain("This link is invalid or has already been used.");
    }
  });

  it("a live link still moves into the cookie and opens the form", async () => {
    const user = await createUser();
    await new Client().action("/auth/forgot-password", { email: user.email });
    const browser = new Client();
    const opened = await browser.get((await latestEmail(user.email)).path!);
    expect(opened.status).toBe(302);
    expect(decodeURIComponent(browser.cookies.get("reset_token") ?? "")).toMatch(/^v2\./);
    expect(await (await browser.get("/auth/reset-password")).text()).toContain("Choose a new password");
  });
});

describe("a trusted-device cookie cannot be minted elsewhere", () => {
  it("the issue's attack: a cookie from the reset page does not skip the account-wide slow-down", async () => {
    const victim = await createUser();
    const day = Math.floor(Date.now() / DAY_MS);
    const attacker = new Client();
    // Ask the reset page to sign the trusted-device payload, and turn whatever it signs into a device cookie.
    await attacker.get(`/auth/reset-password?token=${encodeURIComponent(`device|${day}|${victim.email}`)}`);
    const minted = attacker.cookies.get("reset_token");
    if (minted) attacker.cookies.set("__Host-device", `${day}.${decodeURIComponent(minted).split(".").at(-1)}`);

    await guessFromEverywhere(victim.email);
    const slowed = await signInAttempt(attacker, victim.email, "another-guess");
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses a device day signed with another purpose's key, and the old one-key format", async () => {
    const victim = await createUser();
    const day = String(Math.floor(Date.now() / DAY_MS));
    await guessFromEverywhere(victim.email);
    const forgeries = [
      await signValue(secret, "reset-token", day, victim.email),
      await signValue(secret, "guest-id", day, victim.email),
      `${day}.${await oneKeySignature(secret, `device|${day}|${victim.email}`)}`,
    ];
    for (const forged of forgeries) {
      const attacker = new Client();
      attacker.cookies.set("__Host-device", forged);
      expect((await signInAttempt(attacker, victim.email, "another-guess")).status, forged).toBe(429);
    }
    // The owner's own cookie, issued by a right password, still skips it.
    const owner = new Client();
    owner.cookies.set("__Host-device", await signValue(secret, "trusted-device", day, victim.email));
    const signedIn = await owner.action("/auth/login", { email: victim.email, password: victim.password });
    expect(signedIn.redirect).toBe("/web-main");
  });
});

describe("cookies in the old format are no longer accepted", () => {
  it("a guest id: the visitor simply gets a new one", async () => {
    const visitor = guest();
    const oldId = `g_${crypto.randomUUID()}`;
    visitor.cookies.set("__Host-guest_id", encodeURIComponent(await oneKeySigned(secret, oldId)));
    const turn = await sendTurn(visitor, { message: "Hello again" });
    expect(turn.status).toBe(200);
    const issued = decodeURIComponent(visitor.cookies.get("__Host-guest_id") ?? "");
    expect(issued).toMatch(/^v2\.g_[\w-]+\.[\w-]{43}$/);
    expect(issued).not.toContain(oldId);
  });

  it("a reset_token cookie for a live link", async () => {
    const user = await createUser();
    await new Client().action("/auth/forgot-password", { email: user.email });
    const token = tokenOf((await latestEmail(user.email)).path!);
    const browser = new Client();
    browser.cookies.set("reset_token", encodeURIComponent(await oneKeySigned(secret, token)));
    expect(await (await browser.get("/auth/reset-password")).text()).toContain("This link is invalid or has already been used.");
    const reset = await browser.action("/auth/reset-password", { password: "taken-over-1", confirmPassword: "taken-over-1" });
    expect(reset.data).toMatchObject({ error: { code: "auth/invalid-action-code" } });
  });

  it("a pending-verification cookie", async () => {
    const user = await createUser({ verified: false });
    const browser = new Client();
    browser.cookies.set("verify_pending", encodeURIComponent(await oneKeySigned(secret, `${user.id}:${Date.now() + 3_600_000}`)));
    expect(await browser.action("/auth/sign-up", { intent: "resend-verification" })).toMatchObject({ data: { error: { code: "auth/requires-recent-login" } } });
  });
});
