// The local fake OpenID provider the Google and Apple tests sign in with: real RS256/ES256 keys made with jose, a JWKS
// endpoint and a token endpoint, reached through the worker's own fetch (intercepted in this isolate), and the browser's
// side of the round trip. `withFakeIssuer()` installs the interception around each test of the calling file.
import { exportJWK, exportPKCS8, generateKeyPair, SignJWT, type JWK, type JWTPayload } from "jose";
import { afterEach, beforeAll, beforeEach, expect, vi } from "vitest";
import { setClockOffset } from "../../app/.server/clock";
import type { AppEnv } from "../../app/.server/env";
import { appEnv } from "./helpers";
import type { Client } from "./auth-helpers";

export const GOOGLE = {
  clientId: "google-client-id.apps.example",
  issuer: "https://accounts.google.test",
  authorize: "https://accounts.google.test/o/oauth2/v2/auth",
  token: "https://oauth2.google.test/token",
  jwks: "https://www.google.test/oauth2/v3/certs",
};
export const APPLE = {
  clientId: "com.example.assistant.web",
  issuer: "https://appleid.apple.test",
  authorize: "https://appleid.apple.test/auth/authorize",
  token: "https://appleid.apple.test/auth/token",
  jwks: "https://appleid.apple.test/auth/keys",
  teamId: "TEAM123456",
  keyId: "APPLEKEY01",
};

export type Provider = "google" | "apple";
const SETTINGS = { google: GOOGLE, apple: APPLE } as const;

/** The fake identity provider: signing keys, a JWKS, and a token endpoint that answers codes the test registers. */
export class FakeIssuer {
  signingKey!: CryptoKey;
  otherKey!: CryptoKey;
  publicJwk!: JWK;
  appleClientKey!: CryptoKey;
  appleClientPublic!: JWK;
  appleClientPem!: string;
  /** code -> the ID token the token endpoint hands out for it. */
  readonly codes = new Map<string, string | { status: number }>();
  readonly tokenRequests: URLSearchParams[] = [];

  async init() {
    const main = await generateKeyPair("RS256", { extractable: true });
    const other = await generateKeyPair("RS256", { extractable: true });
    this.signingKey = main.privateKey;
    this.otherKey = other.privateKey;
    this.publicJwk = { ...(await exportJWK(main.publicKey)), kid: "test-key-1", alg: "RS256", use: "sig" };
    const appleClient = await generateKeyPair("ES256", { extractable: true });
    this.appleClientKey = appleClient.privateKey;
    this.appleClientPublic = await exportJWK(appleClient.publicKey);
    this.appleClientPem = await exportPKCS8(appleClient.privateKey);
  }

  async idToken(provider: Provider, claims: JWTPayload, options: { key?: CryptoKey; expiresIn?: string | number } = {}) {
    const settings = SETTINGS[provider];
    return new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-key-1" })
      .setIssuer((claims.iss as string | undefined) ?? settings.issuer)
      .setAudience((claims.aud as string | undefined) ?? settings.clientId)
      .setSubject((claims.sub as string | undefined) ?? crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "5m")
      .sign(options.key ?? this.signingKey);
  }

  /** Answers the worker's outbound requests to the fake endpoints; anything else is a test bug. */
  handle = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = request.url.split("?")[0];
    if (url === GOOGLE.jwks || url === APPLE.jwks) return Response.json({ keys: [this.publicJwk] });
    if (url === GOOGLE.token || url === APPLE.token) {
      const body = new URLSearchParams(await request.text());
      this.tokenRequests.push(body);
      const answer = this.codes.get(body.get("code") ?? "");
      if (!answer) return Response.json({ error: "invalid_grant" }, { status: 400 });
      if (typeof answer !== "string") return Response.json({ error: "server_error" }, { status: answer.status });
      return Response.json({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: answer });
    }
    throw new Error(`unexpected outbound fetch in test: ${request.url}`);
  };
}

export const issuer = new FakeIssuer();
/** The app's test variables with both providers pointed at the fake issuer (set before the first test). */
export let env: AppEnv;

/** Installs the fake issuer around each test of the calling file (call once at its top level). */
export function withFakeIssuer() {
  beforeAll(async () => {
    await issuer.init();
    // The app keeps one key set per JWKS URL for the isolate's life (auth/oidc.ts), and test files that share an
    // isolate each make their own keys: a URL of this file's own (the query is ignored by the fake) keeps them apart.
    const keySet = `?keys=${crypto.randomUUID()}`;
    env = {
      ...appEnv,
      GOOGLE_CLIENT_ID: GOOGLE.clientId,
      GOOGLE_CLIENT_SECRET: "google-client-secret",
      GOOGLE_ISSUER: GOOGLE.issuer,
      GOOGLE_AUTHORIZATION_URL: GOOGLE.authorize,
      GOOGLE_TOKEN_URL: GOOGLE.token,
      GOOGLE_JWKS_URL: GOOGLE.jwks + keySet,
      APPLE_CLIENT_ID: APPLE.clientId,
      APPLE_TEAM_ID: APPLE.teamId,
      APPLE_KEY_ID: APPLE.keyId,
      APPLE_PRIVATE_KEY: issuer.appleClientPem.replace(/\n/g, "\\n"),
      APPLE_ISSUER: APPLE.issuer,
      APPLE_AUTHORIZATION_URL: APPLE.authorize,
      APPLE_TOKEN_URL: APPLE.token,
      APPLE_JWKS_URL: APPLE.jwks + keySet,
    } as AppEnv;
  });

  beforeEach(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation(issuer.handle);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    setClockOffset(0);
    issuer.tokenRequests.length = 0;
  });
}

/** Presses "Continue with ..." (or Settings → Connect) and returns what the provider was asked for. */
export async function start(client: Client, provider: Provider, fields: Record<string, string> = {}) {
  const response = await client.fetch(`/auth/oauth/${provider}`, {
    method: "POST",
    body: new URLSearchParams({ redirectTo: "/web-main", mode: "signin", ...fields }),
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  return { response, location, params: location.searchParams };
}

/** The provider's answer arriving back at the callback: a GET for Google, a cross-site form POST for Apple. */
export async function callback(client: Client, provider: Provider, answer: Record<string, string>) {
  if (provider === "google") return client.get(`/auth/oauth/google/callback?${new URLSearchParams(answer)}`);
  return client.fetch("/auth/oauth/apple/callback", {
    method: "POST",
    headers: { Origin: "https://appleid.apple.test", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(answer),
  });
}

/** A full round trip: start, let the fake provider issue `claims` for the request's nonce, come back. */
export async function roundTrip(
  client: Client,
  provider: Provider,
  claims: JWTPayload,
  options: { tamper?: (nonce: string) => Promise<string>; startFields?: Record<string, string>; extra?: Record<string, string> } = {},
) {
  const { params } = await start(client, provider, options.startFields);
  const nonce = params.get("nonce")!;
  const code = crypto.randomUUID();
  issuer.codes.set(code, options.tamper ? await options.tamper(nonce) : await issuer.idToken(provider, { nonce, ...claims }));
  const response = await callback(client, provider, { code, state: params.get("state")!, ...options.extra });
  return { response, params, location: response.headers.get("Location") ?? "" };
}

export function errorOf(location: string): string | null {
  return new URL(location, "https://app.example").searchParams.get("error");
}
