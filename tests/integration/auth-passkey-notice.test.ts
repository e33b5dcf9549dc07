// A passkey outlives a password change and "sign out of other devices" (decision 0028 "Passkeys outlive passwords"):
// so the notice after each lists the account's passkeys, names and dates, with a one-press link that removes them
// all. The link is a signed single-use token with its own purpose key (decision 0005 "Signed values").
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signValue } from "../../app/.server/auth/signing";
import { schema } from "../../app/.server/db";
import { loadConfig } from "../../app/.server/env";
import { Client, ORIGIN, db, latestEmail, sessionsOf, signedInClient } from "./auth-helpers";
import { appEnv } from "./helpers";
import { SoftAuthenticator, type CreationOptions } from "./webauthn-helpers";

const ROUTE = "routes/auth.remove-passkeys";
const CHROME_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";

/** A signed-in account with two passkeys made in Settings (the second renamed by its owner). */
async function accountWithPasskeys() {
  const account = await signedInClient();
  for (const name of [null, "Work key"]) {
    const asked = await account.client.fetch("/api/passkeys/options", { method: "POST", body: new URLSearchParams({ purpose: "register" }) });
    const answer = await (await SoftAuthenticator.create()).register(((await asked.json()) as { options: CreationOptions }).options, ORIGIN);
    const added = await account.client.fetch("/api/passkeys", {
      method: "POST",
      body: new URLSearchParams({ response: JSON.stringify(answer) }),
      headers: { "User-Agent": CHROME_ON_MAC },
    });
    expect(added.status).toBe(200);
    const { passkey } = (await added.json()) as { passkey: { id: string } };
    if (name) await db.update(schema.passkeys).set({ name }).where(eq(schema.passkeys.id, passkey.id));
  }
  return account;
}

const passkeysOf = (userId: string) => db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, userId));

/** The notice's text, and its link's token. */
async function notice(email: string) {
  const { row, path } = await latestEmail(email);
  expect(path).toMatch(/^\/auth\/remove-passkeys\?token=/);
  return { row: row!, path: path!, token: new URL(`${ORIGIN}${path}`).searchParams.get("token")! };
}

function expectListsPasskeys(text: string) {
  expect(text).toContain("Mac · Chrome");
  expect(text).toContain("Work key");
  expect(text).toContain(String(new Date().getUTCFullYear()));
  expect(text).toContain("Remove all passkeys");
}

async function resetPassword(email: string, password = "brand-new-1") {
  await new Client().action("/auth/forgot-password", { email });
  const browser = new Client();
  await browser.get((await latestEmail(email)).path!);
  expect((await browser.action("/auth/reset-password", { password, confirmPassword: password })).redirect).toBe("/auth/login?notice=password-reset");
}

describe("the notice after a password change or reset", () => {
  it("lists the passkeys, and its link removes them all with one press, once", async () => {
    const { user } = await accountWithPasskeys();
    await resetPassword(user.email);
    const { row, path, token } = await notice(user.email);
    expectListsPasskeys(row.textBody);
    expect(row.htmlBody).toContain("Work key");

    // Opening the link removes nothing (mail scanners open links too): the page offers the button.
    const opened = await new Client().loaderData(path, ROUTE);
    expect(opened.data).toMatchObject({ problem: null, token });
    expect(await passkeysOf(user.id)).toHaveLength(2);

    const browser = new Client();
    const pressed = await browser.action("/auth/remove-passkeys", { token });
    expect(pressed).toMatchObject({ status: 200, data: { ok: true, removed: 2 } });
    expect(await passkeysOf(user.id)).toEqual([]);
    const activity = await db.select().from(schema.securityEvents).where(eq(schema.securityEvents.userId, user.id));
    expect(activity.filter((event) => event.kind === "passkey-removed")).toHaveLength(2);

    expect(await browser.action("/auth/remove-passkeys", { token })).toMatchObject({ status: 400, data: { error: { code: "auth/invalid-action-code" } } });
    expect((await new Client().loaderData(path, ROUTE)).data).toMatchObject({ problem: "auth/invalid-action-code" });
  });

  it("says so in Turkish for a Turkish reader", async () => {
    const { user } = await accountWithPasskeys();
    await new Client().action("/auth/forgot-password", { email: user.email });
    const browser = new Client();
    browser.cookies.set("locale", "tr");
    await browser.get((await latestEmail(user.email)).path!);
    await browser.action("/auth/reset-password", { password: "brand-new-1", confirmPassword: "brand-new-1" });
    const { row } = await notice(user.email);
    expect(row.textBody).toContain("Tüm geçiş anahtarlarını kaldır");
    expect(row.textBody).toContain("Work key");
  });
});

describe("the notice after signing out of other devices", () => {
  it("lists the passkeys; its link removes them and ends every session", async () => {
    const { client, user } = await accountWithPasskeys();
    const phone = new Client();
    await phone.action("/auth/login", { email: user.email, password: user.password });
    expect((await client.action("/settings/account", { intent: "sign-out-others" })).data).toEqual({ ok: true, notice: "actionCompleted" });
    const { row, token } = await notice(user.email);
    expectListsPasskeys(row.textBody);
    expect(await new Client().action("/auth/remove-passkeys", { token })).toMatchObject({ status: 200, data: { ok: true, removed: 2 } });
    expect(await passkeysOf(user.id)).toEqual([]);
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it("sends nothing about passkeys to an account without any", async () => {
    const { client, user } = await signedInClient();
    const before = (await latestEmail(user.email)).row?.id;
    await client.action("/settings/account", { intent: "sign-out-others" });
    expect((await latestEmail(user.email)).row?.id).toBe(before);
  });
});

describe("the removal link", () => {
  it("refuses a forged token and one signed for another purpose, removing nothing", async () => {
    const { client, user } = await accountWithPasskeys();
    await client.action("/settings/account", { intent: "sign-out-others" });
    const { token } = await notice(user.email);
    const raw = token.split(".")[1]!;
    const otherPurpose = await signValue(loadConfig(appEnv).sessionSecret, "reset-token", raw);
    const forged = `v2.${raw}.${"A".repeat(43)}`;
    for (const bad of [otherPurpose, forged, raw, "", "v2..x"]) {
      expect((await new Client().loaderData(`/auth/remove-passkeys?token=${encodeURIComponent(bad)}`, ROUTE)).data).toMatchObject({
        problem: "auth/invalid-action-code",
      });
      expect(await new Client().action("/auth/remove-passkeys", { token: bad })).toMatchObject({
        status: 400,
        data: { error: { code: "auth/invalid-action-code" } },
      });
    }
    expect(await passkeysOf(user.id)).toHaveLength(2);
    // The real one still works.
    expect(await new Client().action("/auth/remove-passkeys", { token })).toMatchObject({ status: 200, data: { ok: true, removed: 2 } });
  });
});
