// Decision 0005's recent sign-in through the real worker: the changes that could lock the owner out (adding or changing a password,
// removing a sign-in method, deleting the account) need a sign-in from the last 10 minutes; "confirm it's you" with
// the password (throttled like sign-in) or an e-mail sign-in link makes the session recent again. Time moves with the
// app clock, as /dev/clock moves it. (Google/Apple confirmation: auth-oidc.test.ts.)
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_POLICY, THROTTLE } from "../../app/.server/auth/policy";
import { setClockOffset } from "../../app/.server/clock";
import { Client, connectionsOf, emailConnection, emailCount, findUserRow, latestEmail, sessionsOf, signedInClient, type ActionResult } from "./auth-helpers";
import { deleteAccountToTheEnd } from "./deletion-helpers";

afterEach(() => setClockOffset(0));

const MINUTE = 60_000;
const REFUSED = { status: 401, data: { ok: false, error: { code: "auth/requires-recent-login" } } };

type Account = Awaited<ReturnType<typeof signedInClient>>;

async function confirmWithPassword({ client, user }: Account) {
  const confirmed = await client.fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams({ password: user.password }) });
  expect(confirmed.status).toBe(200);
}

/** "E-mail me a sign-in link" from the dialog, then the link's button, in the same browser. */
async function confirmWithEmailLink({ client, user }: Account, redirectTo = "/settings/login-connection?notice=identity-confirmed") {
  expect((await client.action("/auth/email-link", { email: user.email, redirectTo })).data).toMatchObject({ ok: true });
  const token = new URL(`https://x${(await latestEmail(user.email)).path}`).searchParams.get("token")!;
  expect((await client.action("/auth/email-link", { intent: "use-link", token, redirectTo })).redirect).toBe(redirectTo);
}

/**
 * The four changes, each with the state a refusal must leave alone. Accounts with Google as well, so removing a
 * sign-in method and adding a password are both possible.
 */
const CHANGES: {
  name: string;
  account: () => Promise<Account>;
  run: (client: Client) => Promise<ActionResult>;
  state: (user: Account["user"]) => Promise<unknown>;
  done: (result: ActionResult) => void;
  confirm: (account: Account) => Promise<void>;
}[] = [
  {
    name: "change password (the e-mail with the link)",
    account: () => signedInClient(),
    run: (client) => client.action("/settings/account", { intent: "change-password" }),
    state: (user) => emailCount(user.email),
    done: (result) => expect(result.data).toEqual({ ok: true, notice: "changePasswordSent" }),
    confirm: confirmWithPassword,
  },
  {
    name: "remove a sign-in method",
    account: () => signedInClient({ providers: ["google"] }),
    run: (client) => client.action("/settings/login-connection", { intent: "disconnect", provider: "google" }),
    state: async (user) => (await connectionsOf(user.id)).map((row) => row.provider).sort(),
    done: (result) => expect(result.data).toMatchObject({ ok: true, notice: "disconnected" }),
    confirm: confirmWithPassword,
  },
  {
    name: "add a password",
    account: async () => {
      const account = await signedInClient({ providers: ["google"] });
      // A Google account without a password: the e-mail login goes, the session stays (signed in a moment ago).
      expect((await account.client.action("/settings/login-connection", { intent: "disconnect", provider: "email" })).data).toMatchObject({ ok: true });
      return account;
    },
    run: (client) => client.action("/settings/login-connection", { intent: "connect-email", password: "added-pass-1", confirmPassword: "added-pass-1" }),
    state: async (user) => [(await findUserRow(user.id))!.passwordHash, await emailConnection(user.id)],
    done: (result) => expect(result.data).toMatchObject({ ok: true, notice: "connected" }),
    // No password to confirm with: a sign-in link (Google: auth-oidc.test.ts).
    confirm: (account) => confirmWithEmailLink(account),
  },
  {
    name: "delete the account",
    account: () => signedInClient(),
    run: (client) => client.action("/settings/account", { intent: "delete-account" }),
    state: (user) => findUserRow(user.id),
    done: (result) => expect(result.redirect).toBe("/auth/login?notice=account-deleted"),
    confirm: confirmWithPassword,
  },
];

/** Moves the app clock `ms` past real time (afterEach puts it back). */
const later = (ms: number) => setClockOffset(ms);

describe("changes that could lock the owner out", () => {
  for (const change of CHANGES) {
    it(`${change.name}: refused after 10 minutes with nothing changed, done once the owner confirms`, async () => {
      const account = await change.account();
      const before = await change.state(account.user);
      later(SESSION_POLICY.recentSignInMs + MINUTE);
      expect(await change.run(account.client)).toMatchObject(REFUSED);
      expect(await change.state(account.user)).toEqual(before);

      await change.confirm(account);
      change.done(await change.run(account.client));
    });

    it(`${change.name}: allowed within 10 minutes of signing in`, async () => {
      const { client } = await change.account();
      later(SESSION_POLICY.recentSignInMs - MINUTE);
      change.done(await change.run(client));
    });
  }
});

describe("confirm it's you", () => {
  it("with the password: a new session, signed in now; the old cookie is over", async () => {
    const { client, user } = await signedInClient();
    const oldToken = client.sessionToken();
    later(SESSION_POLICY.recentSignInMs + MINUTE);
    const confirmed = await client.fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams({ password: user.password }) });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ ok: true });
    expect(client.sessionToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.sessionToken()).not.toBe(oldToken);
    const sessions = await sessionsOf(user.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.signedInAt).toBeGreaterThan(Date.now() + SESSION_POLICY.recentSignInMs);

    const thief = new Client();
    thief.cookies.set("__Host-session", oldToken!);
    expect((await thief.get("/api/user/profile")).status).toBe(401);
  });

  it("a wrong password is refused and counted like a sign-in: past the limit even the right one waits", async () => {
    const { client, user } = await signedInClient();
    later(SESSION_POLICY.recentSignInMs + MINUTE);
    const confirm = (password: string) => client.fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams({ password }) });
    for (let attempt = 0; attempt < THROTTLE.signInPerAccountAddress.limit; attempt++) {
      const wrong = await confirm(`wrong-guess-${attempt}`);
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({ ok: false, error: { code: "auth/wrong-password", message: "Wrong password" } });
    }
    const held = await confirm(user.password);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await held.json()).toMatchObject({ ok: false, error: { code: "auth/too-many-requests" } });
    // The same windows as the sign-in form: that is held for this address too.
    expect((await new Client(client.address).action("/auth/login", { email: user.email, password: user.password })).status).toBe(429);
    // And the session is still not recent.
    expect(await client.action("/settings/account", { intent: "delete-account" })).toMatchObject(REFUSED);
    expect(await findUserRow(user.id)).toBeDefined();
  });

  it("needs a session, and says so in the person's language", async () => {
    const visitor = await new Client().fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams({ password: "anything-1" }) });
    expect(visitor.status).toBe(401);
    const { client } = await signedInClient();
    client.cookies.set("locale", "tr");
    const turkish = await client.fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams({ password: "wrong-guess" }) });
    expect(await turkish.json()).toMatchObject({ error: { code: "auth/wrong-password", message: "Yanlış şifre" } });
  });

  it("with an e-mail sign-in link, for an account that has a password too", async () => {
    const account = await signedInClient();
    later(SESSION_POLICY.recentSignInMs + MINUTE);
    expect(await account.client.action("/settings/account", { intent: "delete-account" })).toMatchObject(REFUSED);
    await confirmWithEmailLink(account, "/settings/account?notice=identity-confirmed");
    expect(await deleteAccountToTheEnd(account.client)).toMatchObject({ redirect: "/auth/login?notice=account-deleted" });
    expect(await findUserRow(account.user.id)).toBeUndefined();
  });
});
