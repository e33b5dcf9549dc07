// Sign-in with Google and Apple against a local fake OpenID provider (oidc-helpers.ts). Covers the
// PKCE/state/nonce round trip, ID-token verification failures, and docs/product.md §8's linking errors.
import { and, eq } from "drizzle-orm";
import { importJWK, jwtVerify } from "jose";
import authEn from "../../locales/en/auth.json";
import { describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../app/.server/auth/crypto";
import { SESSION_POLICY } from "../../app/.server/auth/policy";
import { setClockOffset } from "../../app/.server/clock";
import { schema } from "../../app/.server/db";
import { totpCode } from "./webauthn-helpers";
import { Client, connectionsOf, createUser, db, endSessionsOf, failingOperations, findUserRow, sessionsOf, signedInClient, uniqueEmail } from "./auth-helpers";
import { APPLE, callback, env, errorOf, GOOGLE, issuer, roundTrip, start, withFakeIssuer } from "./oidc-helpers";
import { enableTwoStep } from "./two-step-helpers";

withFakeIssuer();

describe("starting the round trip", () => {
  it("asks Google for a code with PKCE (S256), state, nonce and our callback, bound to a signed cookie", async () => {
    const client = new Client(undefined, env);
    const { response, location, params } = await start(client, "google", { redirectTo: "/gallery" });
    expect(`${location.origin}${location.pathname}`).toBe(GOOGLE.authorize);
    expect(Object.fromEntries(params)).toMatchObject({
      response_type: "code",
      client_id: GOOGLE.clientId,
      redirect_uri: "https://app.example/auth/oauth/google/callback",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(params.get("state")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(params.get("nonce")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith("oauth_state="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=None");
    expect(cookie).toContain("Path=/auth/oauth");
    // The verifier stays on our side: never in the URL.
    expect(location.toString()).not.toContain("verifier");
  });

  it("asks Apple for name and email with form_post", async () => {
    const { params } = await start(new Client(undefined, env), "apple");
    expect(params.get("scope")).toBe("name email");
    expect(params.get("response_mode")).toBe("form_post");
    expect(params.get("redirect_uri")).toBe("https://app.example/auth/oauth/apple/callback");
  });

  it("offers only configured providers", async () => {
    const plain = await new Client().loaderData("/auth/login", "root");
    expect(plain.data!.providers).toEqual({ google: false, apple: false });
    const configured = await new Client(undefined, env).loaderData("/auth/login", "root");
    expect(configured.data!.providers).toEqual({ google: true, apple: true });
    const refused = await new Client().fetch("/auth/oauth/google", { method: "POST", body: new URLSearchParams({ mode: "signin" }) });
    expect(refused.headers.get("Location")).toBe("/auth/login?error=auth%2Foperation-not-allowed");
  });
});

describe("Google sign-in", () => {
  it("creates a verified account, starts a session and returns to redirectTo", async () => {
    const client = new Client(undefined, env);
    const email = uniqueEmail("google");
    const subject = `g-${crypto.randomUUID()}`;
    const { response, params, location } = await roundTrip(
      client,
      "google",
      { sub: subject, email, name: "Grace Hopper" },
      { startFields: { redirectTo: "/gallery" } },
    );
    expect(response.status).toBe(302);
    expect(location).toBe("/gallery");
    expect(client.sessionToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers.getSetCookie().some((line) => line.startsWith("oauth_state=;"))).toBe(true);

    // PKCE: the verifier sent to the token endpoint hashes to the challenge sent to the browser.
    const sent = issuer.tokenRequests[0]!;
    expect(sent.get("grant_type")).toBe("authorization_code");
    expect(sent.get("client_secret")).toBe("google-client-secret");
    expect(sent.get("redirect_uri")).toBe("https://app.example/auth/oauth/google/callback");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sent.get("code_verifier")!)));
    const challenge = btoa(String.fromCharCode(...digest))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(challenge).toBe(params.get("code_challenge"));

    const user = await db.query.users.findFirst({ where: eq(schema.users.email, email) });
    expect(user).toMatchObject({ displayName: "Grace Hopper", emailVerified: true, passwordHash: null });
    expect(await connectionsOf(user!.id)).toEqual([expect.objectContaining({ provider: "google", subject, email, verified: true })]);
    const profile = await client.get("/api/user/profile");
    expect(await profile.json()).toMatchObject({ uid: user!.id, email, connections: [{ provider: "google", verified: true }] });

    // The same Google account signs into the same user next time.
    const again = new Client(undefined, env);
    await roundTrip(again, "google", { sub: subject, email });
    expect(await db.$count(schema.users, eq(schema.users.email, email))).toBe(1);
    expect(await (await again.get("/api/user/profile")).json()).toMatchObject({ uid: user!.id });
  });

  const refusals: [string, (nonce: string) => Promise<string>][] = [
    ["a bad signature", (nonce) => issuer.idToken("google", { nonce, email: uniqueEmail("sig") }, { key: issuer.otherKey })],
    ["the wrong audience", (nonce) => issuer.idToken("google", { nonce, email: uniqueEmail("aud"), aud: "someone-else" })],
    ["an expired token", (nonce) => issuer.idToken("google", { nonce, email: uniqueEmail("exp") }, { expiresIn: Math.floor(Date.now() / 1000) - 120 })],
    ["the wrong nonce", () => issuer.idToken("google", { nonce: "not-the-nonce", email: uniqueEmail("nonce") })],
    ["no nonce", () => issuer.idToken("google", { email: uniqueEmail("nononce") })],
    ["the wrong issuer", (nonce) => issuer.idToken("google", { nonce, email: uniqueEmail("iss"), iss: "https://evil.example" })],
  ];
  for (const [what, tamper] of refusals) {
    it(`refuses an ID token with ${what}`, async () => {
      const client = new Client(undefined, env);
      const usersBefore = await db.$count(schema.users);
      const { location } = await roundTrip(client, "google", {}, { tamper });
      expect(new URL(location, "https://app.example").pathname).toBe("/auth/login");
      expect(errorOf(location)).toBe("auth/invalid-credential");
      expect(client.sessionToken()).toBeUndefined();
      expect(await db.$count(schema.users)).toBe(usersBefore);
    });
  }

  it("refuses a state that does not match the browser's cookie", async () => {
    const client = new Client(undefined, env);
    const { params } = await start(client, "google");
    const code = crypto.randomUUID();
    issuer.codes.set(code, await issuer.idToken("google", { nonce: params.get("nonce")!, email: uniqueEmail("state") }));
    const forged = await callback(client, "google", { code, state: "forged-state" });
    expect(errorOf(forged.headers.get("Location")!)).toBe("auth/authentication-failed");
    // A browser that never started the flow (no cookie) is refused too.
    const stranger = new Client(undefined, env);
    const replay = await callback(stranger, "google", { code, state: params.get("state")! });
    expect(errorOf(replay.headers.get("Location")!)).toBe("auth/authentication-failed");
    expect(issuer.tokenRequests).toHaveLength(0);
  });

  it("answers 'Popup closed by user' when the person cancels at the provider", async () => {
    const client = new Client(undefined, env);
    const { params } = await start(client, "google", { redirectTo: "/payment" });
    const cancelled = await callback(client, "google", { error: "access_denied", state: params.get("state")! });
    const location = cancelled.headers.get("Location")!;
    expect(errorOf(location)).toBe("auth/popup-closed-by-user");
    expect(new URL(location, "https://app.example").searchParams.get("redirectTo")).toBe("/payment");
  });

  it("answers 'Authentication failed' when the code exchange fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const client = new Client(undefined, env);
    const { params } = await start(client, "google");
    const code = crypto.randomUUID();
    issuer.codes.set(code, { status: 500 });
    const failed = await callback(client, "google", { code, state: params.get("state")! });
    expect(errorOf(failed.headers.get("Location")!)).toBe("auth/authentication-failed");
  });

  for (const provider of ["google", "apple"] as const) {
    it(`answers 'Authentication failed' and signs nobody in when ${provider}'s sign-in cannot start a session`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      const client = new Client(undefined, failingOperations(env, "auth.startSession"));
      const email = uniqueEmail(provider);
      const { location } = await roundTrip(client, provider, { sub: `${provider}-${crypto.randomUUID()}`, email, email_verified: true });
      expect(errorOf(location)).toBe("auth/authentication-failed");
      expect(client.sessionToken()).toBeUndefined();
    });
  }

  it("refuses an address that already has an account with another sign-in method", async () => {
    const existing = await createUser();
    const { location } = await roundTrip(new Client(undefined, env), "google", { email: existing.email });
    expect(errorOf(location)).toBe("auth/account-exists-with-different-credential");
    expect(await connectionsOf(existing.id)).toHaveLength(1);
  });

  it("lets the verified owner of an address take over an account nobody ever verified", async () => {
    const squatter = await createUser({ verified: false });
    const client = new Client(undefined, env);
    const { location } = await roundTrip(client, "google", { email: squatter.email, sub: `g-${crypto.randomUUID()}` });
    expect(location).toBe("/web-main");
    const user = await findUserRow(squatter.id);
    expect(user).toMatchObject({ emailVerified: true, passwordHash: null });
    expect((await connectionsOf(squatter.id)).map((row) => row.provider)).toEqual(["google"]);
    // The unproven password no longer signs in.
    expect((await new Client().action("/auth/login", { email: squatter.email, password: squatter.password })).data).toMatchObject({
      error: { code: "auth/invalid-credential" },
    });
  });
});

describe("two-step sign-in after Google or Apple (decision 0028)", () => {
  it.each(["google", "apple"] as const)("%s: no session until the authenticator code is given", async (provider) => {
    const email = uniqueEmail(provider);
    const subject = `${provider}-${crypto.randomUUID()}`;
    const owner = new Client(undefined, env);
    await roundTrip(owner, provider, { sub: subject, email, email_verified: true });
    const setup = (await (await owner.fetch("/api/two-step", { method: "POST", body: new URLSearchParams({ intent: "setup" }) })).json()) as {
      manualKey: string;
    };
    expect((await enableTwoStep(owner, setup.manualKey)).status).toBe(200);

    const browser = new Client(undefined, env);
    const { location } = await roundTrip(browser, provider, { sub: subject, email, email_verified: true }, { startFields: { redirectTo: "/gallery" } });
    expect(location).toBe("/auth/two-step?redirectTo=%2Fgallery");
    expect(browser.sessionToken()).toBeUndefined();
    const second = await browser.action("/auth/two-step", { code: totpCode(setup.manualKey), redirectTo: "/gallery" });
    expect(second.redirect).toBe("/gallery");
    expect(browser.sessionToken()).toMatch(/^[\w-]{43}$/);
  });
});

describe("Apple sign-in", () => {
  it("accepts Apple's cross-site form POST, signs the client secret with the team key, and takes the name from `user`", async () => {
    const client = new Client(undefined, env);
    const email = uniqueEmail("apple");
    const { response, location } = await roundTrip(
      client,
      "apple",
      { email, email_verified: "true" },
      { extra: { user: JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email }) } },
    );
    expect(response.status).toBe(302);
    expect(location).toBe("/web-main");
    expect(client.sessionToken()).toBeDefined();
    const user = await db.query.users.findFirst({ where: eq(schema.users.email, email) });
    expect(user).toMatchObject({ displayName: "Ada Lovelace", emailVerified: true });

    const secret = issuer.tokenRequests[0]!.get("client_secret")!;
    const { payload, protectedHeader } = await jwtVerify(secret, await importJWK(issuer.appleClientPublic, "ES256"), {
      issuer: APPLE.teamId,
      audience: APPLE.issuer,
      subject: APPLE.clientId,
    });
    expect(protectedHeader).toMatchObject({ alg: "ES256", kid: APPLE.keyId });
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
  });

  it("still refuses other cross-site posts", async () => {
    const response = await new Client(undefined, env).fetch("/auth/login", {
      method: "POST",
      headers: { Origin: "https://appleid.apple.test" },
      body: new URLSearchParams({ email: "a@b.co", password: "x" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("connecting providers in settings", () => {
  it("links Google to the signed-in account, and refuses a second link and an identity someone else uses", async () => {
    const { client, user } = await signedInClient();
    const linkingClient = client.withEnv(env);
    const subject = `g-${crypto.randomUUID()}`;
    const { location } = await roundTrip(linkingClient, "google", { sub: subject, email: uniqueEmail("work") }, { startFields: { mode: "link" } });
    expect(location).toBe("/settings/login-connection?connected=google");
    expect((await connectionsOf(user.id)).map((row) => row.provider).sort()).toEqual(["email", "google"]);
    // The session that linked is still the same person's.
    expect(await (await linkingClient.get("/api/user/profile")).json()).toMatchObject({ uid: user.id });

    const twice = await roundTrip(linkingClient, "google", { sub: `g-${crypto.randomUUID()}`, email: uniqueEmail("other") }, { startFields: { mode: "link" } });
    expect(twice.location).toBe("/settings/login-connection?error=auth%2Fprovider-already-linked");

    const { client: someoneElse } = await signedInClient();
    const theirs = someoneElse.withEnv(env);
    const taken = await roundTrip(theirs, "google", { sub: subject, email: uniqueEmail("again") }, { startFields: { mode: "link" } });
    expect(taken.location).toBe("/settings/login-connection?error=auth%2Fcredential-already-in-use");
  });

  it("asks a session older than 10 minutes to confirm it's you before connecting, and goes to Google once it has", async () => {
    const { client, user } = await signedInClient();
    const linking = client.withEnv(env);
    setClockOffset(SESSION_POLICY.recentSignInMs + 60_000);
    const refused = await linking.fetch("/auth/oauth/google", { method: "POST", body: new URLSearchParams({ mode: "link" }) });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/settings/login-connection?confirm=google");
    // No attempt was started: no state cookie, so no callback can link anything.
    expect(refused.headers.get("Set-Cookie") ?? "").not.toMatch(/oauth_state/);
    const page = await linking.loaderData("/settings/login-connection?confirm=google", "routes/_main.settings.login-connection");
    expect(page.data).toMatchObject({ confirmConnect: "google" });

    const confirmed = await linking.fetch("/api/auth/confirm-password", { method: "POST", body: new URLSearchParams({ password: user.password }) });
    expect(confirmed.status).toBe(200);
    const { location } = await start(linking, "google", { mode: "link" });
    expect(location.origin).toBe(new URL(GOOGLE.authorize).origin);
    expect(await connectionsOf(user.id)).toHaveLength(1);
  });

  it("needs a session to link, and a session that was signed out meanwhile cannot be linked to", async () => {
    const visitor = new Client(undefined, env);
    const response = await visitor.fetch("/auth/oauth/google", { method: "POST", body: new URLSearchParams({ mode: "link" }) });
    expect(response.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fsettings%2Flogin-connection");

    const { client, user } = await signedInClient();
    const linking = client.withEnv(env);
    const { params } = await start(linking, "google", { mode: "link" });
    await endSessionsOf(user.id);
    const code = crypto.randomUUID();
    issuer.codes.set(code, await issuer.idToken("google", { nonce: params.get("nonce")!, email: uniqueEmail("late") }));
    const late = await callback(linking, "google", { code, state: params.get("state")! });
    expect(late.headers.get("Location")).toBe("/settings/login-connection?error=auth%2Frequires-recent-login");
    expect(await connectionsOf(user.id)).toHaveLength(1);
  });

  it("keeps the last verified connection (docs/product.md §5) and removes others", async () => {
    const { client, user } = await signedInClient({ providers: ["google"] });
    const removeEmail = await client.action("/settings/login-connection", { intent: "disconnect", provider: "email" });
    expect(removeEmail.data).toMatchObject({ ok: true, notice: "disconnected", provider: "email" });
    expect((await findUserRow(user.id))!.passwordHash).toBeNull();
    const last = await client.action("/settings/login-connection", { intent: "disconnect", provider: "google" });
    expect(last).toMatchObject({ status: 409, data: { error: { code: "auth/last-connection" } } });
    expect((await connectionsOf(user.id)).map((row) => row.provider)).toEqual(["google"]);
    const unknown = await client.action("/settings/login-connection", { intent: "disconnect", provider: "apple" });
    expect(unknown.data).toMatchObject({ error: { code: "request/invalid" } });
  });

  it("connects Email to a Google account with a new password, which then signs in", async () => {
    const { client, user } = await signedInClient({ providers: ["google"] });
    await client.action("/settings/login-connection", { intent: "disconnect", provider: "email" });
    const weak = await client.action("/settings/login-connection", { intent: "connect-email", password: "short", confirmPassword: "short" });
    expect(weak.data).toMatchObject({ error: { fieldErrors: { password: authEn.validation.passwordLength } } });
    const added = await client.action("/settings/login-connection", { intent: "connect-email", password: "added-pass-1", confirmPassword: "added-pass-1" });
    expect(added.data).toMatchObject({ ok: true, notice: "connected", provider: "email" });
    const row = await db.query.loginConnections.findFirst({
      where: and(eq(schema.loginConnections.userId, user.id), eq(schema.loginConnections.provider, "email")),
    });
    expect(row).toMatchObject({ verified: true, subject: user.email });
    expect((await new Client().action("/auth/login", { email: user.email, password: "added-pass-1" })).redirect).toBe("/web-main");
    const again = await client.action("/settings/login-connection", { intent: "connect-email", password: "added-pass-2", confirmPassword: "added-pass-2" });
    expect(again.data).toMatchObject({ error: { code: "auth/provider-already-linked" } });
  });
});

describe("confirm it's you with Google or Apple (requires-recent-login)", () => {
  const later = () => setClockOffset(SESSION_POLICY.recentSignInMs + 60_000);
  const addPassword = (client: Client) =>
    client.action("/settings/login-connection", { intent: "connect-email", password: "added-pass-1", confirmPassword: "added-pass-1" });

  /** A Google-only account, signed in with Google more than 10 minutes ago (on the app clock). */
  async function staleGoogleAccount() {
    const client = new Client(undefined, env);
    const subject = `g-${crypto.randomUUID()}`;
    const email = uniqueEmail("confirm");
    await roundTrip(client, "google", { sub: subject, email });
    const user = (await db.query.users.findFirst({ where: eq(schema.users.email, email) }))!;
    later();
    expect(await addPassword(client)).toMatchObject({ status: 401, data: { error: { code: "auth/requires-recent-login" } } });
    return { client, subject, email, user };
  }

  it("with the account's own Google identity: back in Settings with a new session, and the change goes through", async () => {
    const { client, subject, email, user } = await staleGoogleAccount();
    const before = client.sessionToken();
    const reauth = { startFields: { mode: "reauth", redirectTo: "/settings/login-connection" } };
    const { location } = await roundTrip(client, "google", { sub: subject, email }, reauth);
    expect(location).toBe("/settings/login-connection?notice=identity-confirmed");
    expect(client.sessionToken()).not.toBe(before);
    expect(await sessionsOf(user.id)).toHaveLength(1);
    expect((await addPassword(client)).data).toMatchObject({ ok: true, notice: "connected" });
  });

  it("with any other identity: auth/user-mismatch, no session, no account made, nothing changed", async () => {
    const { client, email, user } = await staleGoogleAccount();
    const before = client.sessionToken();
    const reauth = { startFields: { mode: "reauth", redirectTo: "/settings/login-connection" } };
    const stranger = await roundTrip(client, "google", { sub: `g-${crypto.randomUUID()}`, email: uniqueEmail("stranger") }, reauth);
    expect(stranger.location).toBe("/settings/login-connection?error=auth%2Fuser-mismatch");
    const other = await signedInClient({ providers: ["google"] });
    const otherSubject = (await connectionsOf(other.user.id)).find((row) => row.provider === "google")!.subject;
    const someoneElse = await roundTrip(client, "google", { sub: otherSubject, email: other.user.email }, reauth);
    expect(someoneElse.location).toBe("/settings/login-connection?error=auth%2Fuser-mismatch");
    expect(client.sessionToken()).toBe(before);
    expect(await db.$count(schema.users, eq(schema.users.email, email))).toBe(1);
    expect(await addPassword(client)).toMatchObject({ status: 401, data: { error: { code: "auth/requires-recent-login" } } });
    expect((await findUserRow(user.id))!.passwordHash).toBeNull();
  });

  it("needs a session, and comes back only to a settings page", async () => {
    const visitor = await new Client(undefined, env).fetch("/auth/oauth/google", { method: "POST", body: new URLSearchParams({ mode: "reauth" }) });
    expect(visitor.headers.get("Location")).toBe("/auth/login?redirectTo=%2Fsettings%2Faccount");
    const { client, subject, email } = await staleGoogleAccount();
    const { location } = await roundTrip(client, "google", { sub: subject, email }, { startFields: { mode: "reauth", redirectTo: "/gallery" } });
    expect(location).toBe("/settings/account?notice=identity-confirmed");
  });
});

describe("tokens on the wire", () => {
  it("stores only hashes: the session table never holds the cookie value", async () => {
    const client = new Client(undefined, env);
    await roundTrip(client, "google", { email: uniqueEmail("hash") });
    const token = client.sessionToken()!;
    const user = await db.query.users.findFirst({ where: eq(schema.users.id, client.sessionCookie()!.split(".")[0]!) });
    const ids = (await sessionsOf(user!.id)).map((session) => session.id);
    expect(ids).toEqual([await sha256Hex(token)]);
    expect(ids).not.toContain(token);
  });
});
