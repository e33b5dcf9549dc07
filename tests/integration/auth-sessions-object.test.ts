// Sessions and the plan without a shared read (decision 0039): a signed-in request is answered by the person's own
// account object, so it renders signed in while D1 refuses every statement, a session ended on one device is over on
// another device's very next request, and a plan changed by a Stripe event shows on the next request, still without D1.
import { describe, expect, it } from "vitest";
import { disableUser } from "../../app/.server/auth/accounts";
import { randomToken, sha256Hex } from "../../app/.server/auth/crypto";
import type { AppEnv } from "../../app/.server/env";
import { Client, createUser, db, endSessionsOf, failingStatements, signedInClient } from "./auth-helpers";
import { deliver, linkCustomer, seconds, stripeEvent, subscriptionObject } from "./billing-helpers";
import { legacySessions } from "../../db/legacy-schema";
import { appEnv, uniqueId } from "./helpers";

/** D1 refusing every statement, as when it is unavailable. */
const noD1: AppEnv = failingStatements(appEnv, /./);

type RootUser = { id: string; accessLevel: "basic" | "pro" } | null;

async function root(client: Client): Promise<{ user: RootUser; authError: string | null }> {
  const response = await client.loaderData("/web-main", "root");
  expect(response.status).toBe(200);
  return response.data as { user: RootUser; authError: string | null };
}

/** The same account signed in on a second browser. */
async function secondDevice(user: { email: string; password: string }): Promise<Client> {
  const device = new Client();
  const result = await device.action("/auth/login", { email: user.email, password: user.password, redirectTo: "/web-main" });
  expect(result.redirect).toBeTruthy();
  return device;
}

describe("a signed-in request without D1", () => {
  it("renders the page signed in, with the profile, while D1 refuses every statement", async () => {
    const { client, user } = await signedInClient({ displayName: "Ada Lovelace" });
    const data = await root(client.withEnv(noD1));
    expect(data.authError).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email, displayName: "Ada Lovelace", accessLevel: "basic" });
  });

  it("a cookie this server did not make is a visitor's, even with a real account and token", async () => {
    const { client, user } = await signedInClient();
    const [, token] = client.sessionCookie()!.split(".");
    for (const forged of [`${user.id}.${token}.${"0".repeat(32)}`, `${crypto.randomUUID()}.${token}.${"0".repeat(32)}`, `${user.id}.${token}`]) {
      const browser = new Client();
      browser.cookies.set("__Host-session", forged);
      expect(await root(browser)).toMatchObject({ user: null, authError: null });
    }
  });

  it("shows a name changed on another device on the next request", async () => {
    const { client, user } = await signedInClient();
    const other = await secondDevice(user);
    const saved = await client.action("/settings/account", { intent: "update-name", displayName: "Grace Hopper" });
    expect(saved.status).toBe(200);
    expect((await root(other.withEnv(noD1))).user).toMatchObject({ displayName: "Grace Hopper" });
  });
});

describe("revocation reaches a second device's next request", () => {
  it("sign out of other devices: the other browser is signed out at once, this one stays", async () => {
    const { client, user } = await signedInClient();
    const other = await secondDevice(user);
    expect((await root(other.withEnv(noD1))).user?.id).toBe(user.id);

    const done = await client.action("/settings/account", { intent: "sign-out-others" });
    expect(done.status).toBe(200);

    expect(await root(other.withEnv(noD1))).toMatchObject({ user: null, authError: "auth/user-token-expired" });
    expect((await root(client.withEnv(noD1))).user?.id).toBe(user.id);
  });

  it("signing out: a copy of the cookie taken before is signed out on its next request", async () => {
    const { client } = await signedInClient();
    const copy = client.withEnv(appEnv);
    const out = await client.fetch("/auth/sign-out", { method: "POST", body: new URLSearchParams({ redirectTo: "/web-main" }) });
    expect(out.status).toBe(302);
    expect(await root(copy.withEnv(noD1))).toMatchObject({ user: null, authError: "auth/user-token-expired" });
  });

  it("disabling the account signs out every device on its next request", async () => {
    const { client, user } = await signedInClient();
    const other = await secondDevice(user);
    await disableUser(appEnv, user.id);
    expect(await root(other.withEnv(noD1))).toMatchObject({ user: null, authError: "auth/user-token-expired" });
    expect((await root(client.withEnv(noD1))).user).toBeNull();
  });
});

describe("the plan follows the Stripe webhook", () => {
  it("Pro on the next request after the subscription event, Free again after its deletion, without D1", async () => {
    const { client, user } = await signedInClient();
    const customer = await linkCustomer(user.id);
    const periodEnd = seconds(Date.now()) + 30 * 24 * 60 * 60;
    const subscription = (status: string) => subscriptionObject({ id: uniqueId("sub"), customer, userId: user.id, periodEnd, status });
    expect((await root(client.withEnv(noD1))).user?.accessLevel).toBe("basic");

    const active = subscription("active");
    expect((await deliver(stripeEvent("customer.subscription.created", active, seconds(Date.now())))).status).toBe(200);
    expect((await root(client.withEnv(noD1))).user?.accessLevel).toBe("pro");

    const ended = { ...active, status: "canceled" };
    expect((await deliver(stripeEvent("customer.subscription.deleted", ended, seconds(Date.now()) + 1))).status).toBe(200);
    expect((await root(client.withEnv(noD1))).user?.accessLevel).toBe("basic");
  });
});

describe("a session from before, in D1", () => {
  /** A session as the old cookie format made them: its token's hash in D1's sessions table. */
  async function oldSession(userId: string, createdAt = Date.now()) {
    const token = randomToken(32);
    await db.insert(legacySessions).values({ id: await sha256Hex(token), userId, expiresAt: Date.now() + 86_400_000, lastSeenAt: createdAt, createdAt });
    const client = new Client();
    client.cookies.set("__Host-session", token);
    return client;
  }

  it("is moved into the account's object once, and the browser gets a cookie naming the account", async () => {
    const user = await createUser();
    const client = await oldSession(user.id);
    expect((await root(client)).user?.id).toBe(user.id);
    expect(client.sessionCookie()).toMatch(new RegExp(`^${user.id}\\.[\\w-]{43}\\.[0-9a-f]{32}$`));
    expect((await root(client.withEnv(noD1))).user?.id).toBe(user.id);
  });

  it("is over once the account's sessions were ended, moved in or not, and a moved one cannot come back from D1", async () => {
    const user = await createUser();
    const moved = await oldSession(user.id);
    const copy = moved.withEnv(appEnv);
    expect((await root(moved)).user?.id).toBe(user.id);
    const waiting = await oldSession(user.id, Date.now() - 1_000);
    await endSessionsOf(user.id);

    expect(await root(waiting)).toMatchObject({ user: null, authError: "auth/user-token-expired" });
    // The old cookie of the session moved in and ended since: D1 still has its row, the object says it is over.
    expect(await root(copy)).toMatchObject({ user: null, authError: "auth/user-token-expired" });
  });
});
