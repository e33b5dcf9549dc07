// Sign-in with Google and Apple: OpenID Connect authorization code flow with PKCE (S256), a random state bound to
// the browser by a signed HttpOnly cookie, and a nonce. The ID token is verified with jose against the provider's
// JWKS: signature, issuer, audience (our client id), expiry and nonce. Endpoints come from configuration, so
// tests point them at a local fake issuer.
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { AppConfig } from "../env";
import { AppError } from "../errors";
import type { Locale } from "../../lib/constants";
import { base64UrlDecode, base64UrlEncode, equalSecrets, randomToken } from "./crypto";
import { OAUTH_STATE_TTL_MS } from "./policy";
import { isSecureRequest, readCookie, type SessionRef } from "./session";
import { signValue, verifySignedValue } from "./signing";

export const OAUTH_PROVIDERS = ["google", "apple"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const OAUTH_STATE_COOKIE = "oauth_state";

export function isOAuthProvider(value: string | undefined): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value ?? "");
}

/** Which buttons to show: a provider appears only when its credentials are configured. */
export function configuredProviders(config: AppConfig): Record<OAuthProvider, boolean> {
  return { google: Boolean(config.oauth.google), apple: Boolean(config.oauth.apple) };
}

function providerConfig(config: AppConfig, provider: OAuthProvider) {
  const settings = config.oauth[provider];
  // Asked for a provider the operator has not set up: docs/product.md §8 "Operation not allowed".
  if (!settings) throw new AppError("auth/operation-not-allowed");
  return settings;
}

export interface OAuthState {
  provider: OAuthProvider;
  state: string;
  verifier: string;
  nonce: string;
  /** "reauth": "confirm it's you" in Settings, which must come back as the signed-in account (auth/recent-sign-in.ts). */
  mode: "signin" | "link" | "reauth";
  redirectTo: string;
  /** The session that started the flow (its account and id, auth/session.ts): the account to link to, or the session a sign-in replaces. */
  session: SessionRef | null;
  /** The visitor whose chats the new session adopts (Apple's cross-site form post carries no Lax cookies). */
  guestId: string | null;
  locale: Locale;
  expiresAt: number;
}

export interface OAuthIdentity {
  provider: OAuthProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export function redirectUri(origin: string, provider: OAuthProvider): string {
  return `${origin}/auth/oauth/${provider}/callback`;
}

function stateCookie(request: Request, value: string, maxAgeSeconds: number): string {
  // Apple answers with a cross-site form POST, which only carries SameSite=None cookies (and those must be Secure).
  const attributes = isSecureRequest(request) ? "; Secure; SameSite=None" : "; SameSite=Lax";
  return `${OAUTH_STATE_COOKIE}=${value}; Path=/auth/oauth; Max-Age=${maxAgeSeconds}; HttpOnly${attributes}`;
}

export function clearStateCookie(request: Request): string {
  return stateCookie(request, "", 0);
}

/** Builds the provider's authorization URL and the cookie that remembers this attempt. */
export async function startOAuth(
  config: AppConfig,
  request: Request,
  input: Omit<OAuthState, "state" | "verifier" | "nonce" | "expiresAt"> & { origin: string },
  now = Date.now(),
): Promise<{ location: string; setCookie: string }> {
  const settings = providerConfig(config, input.provider);
  const { origin, ...rest } = input;
  const flow: OAuthState = { ...rest, state: randomToken(24), verifier: randomToken(32), nonce: randomToken(24), expiresAt: now + OAUTH_STATE_TTL_MS };
  const challengeBytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(flow.verifier));
  const url = new URL(settings.authorizationUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", redirectUri(origin, input.provider));
  url.searchParams.set("state", flow.state);
  url.searchParams.set("nonce", flow.nonce);
  url.searchParams.set("code_challenge", base64UrlEncode(new Uint8Array(challengeBytes)));
  url.searchParams.set("code_challenge_method", "S256");
  if (input.provider === "google") {
    url.searchParams.set("scope", "openid email profile");
    url.searchParams.set("prompt", "select_account");
  } else {
    // Apple returns name and email only with form_post.
    url.searchParams.set("scope", "name email");
    url.searchParams.set("response_mode", "form_post");
  }
  const payload = base64UrlEncode(new TextEncoder().encode(JSON.stringify(flow)));
  const signed = await signValue(config.sessionSecret, "oauth-state", payload);
  return { location: url.toString(), setCookie: stateCookie(request, encodeURIComponent(signed), Math.floor(OAUTH_STATE_TTL_MS / 1000)) };
}

/** The attempt remembered in the cookie, if it is ours, unexpired and for this provider. */
export async function readOAuthState(config: AppConfig, request: Request, provider: OAuthProvider, now = Date.now()): Promise<OAuthState | null> {
  const payload = await verifySignedValue(config.sessionSecret, "oauth-state", readCookie(request, OAUTH_STATE_COOKIE));
  if (!payload) return null;
  try {
    const flow = JSON.parse(new TextDecoder().decode(base64UrlDecode(payload))) as OAuthState;
    if (flow.provider !== provider || typeof flow.expiresAt !== "number" || flow.expiresAt <= now) return null;
    return flow;
  } catch {
    return null;
  }
}

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwksFor(url: string) {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000 });
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

async function appleClientSecret(settings: NonNullable<AppConfig["oauth"]["apple"]>): Promise<string> {
  const key = await importPKCS8(settings.privateKey, "ES256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: settings.keyId })
    .setIssuer(settings.teamId)
    .setSubject(settings.clientId)
    .setAudience(settings.issuer)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);
}

const CANCELLED = new Set(["access_denied", "user_cancelled_authorize", "user_cancelled_login"]);

/** Verifies an ID token as the given provider's, for this attempt's nonce. Exported for the token tests. */
export async function verifyIdToken(config: AppConfig, provider: OAuthProvider, idToken: string, nonce: string): Promise<OAuthIdentity> {
  const settings = providerConfig(config, provider);
  // Google signs with either issuer spelling.
  const issuers = settings.issuer === "https://accounts.google.com" ? [settings.issuer, "accounts.google.com"] : [settings.issuer];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(settings.jwksUrl), {
      issuer: issuers,
      audience: settings.clientId,
      algorithms: ["RS256", "ES256"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    }));
  } catch (cause) {
    throw new AppError("auth/invalid-credential", { cause });
  }
  const tokenNonce = typeof payload.nonce === "string" ? payload.nonce : "";
  if (!(await equalSecrets(tokenNonce, nonce))) throw new AppError("auth/invalid-credential");
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : null;
  const verified = payload.email_verified === true || payload.email_verified === "true";
  const name = typeof payload.name === "string" && payload.name.trim() ? payload.name.trim().slice(0, 50) : null;
  return { provider, subject: String(payload.sub), email, emailVerified: Boolean(email) && verified, name };
}

/**
 * Finishes the round trip: checks the provider's answer against the remembered attempt, exchanges the code (with
 * the PKCE verifier) and verifies the ID token. `params` is the query (Google) or the posted form (Apple).
 */
export async function completeOAuth(
  config: AppConfig,
  request: Request,
  provider: OAuthProvider,
  params: URLSearchParams,
  origin: string,
): Promise<{ identity: OAuthIdentity; flow: OAuthState }> {
  const flow = await readOAuthState(config, request, provider);
  const error = params.get("error");
  if (error) throw new AppError(CANCELLED.has(error) ? "auth/popup-closed-by-user" : "auth/authentication-failed");
  const state = params.get("state") ?? "";
  const code = params.get("code") ?? "";
  if (!flow || !code || !(await equalSecrets(state, flow.state))) throw new AppError("auth/authentication-failed");
  const settings = providerConfig(config, provider);
  const clientSecret = "clientSecret" in settings ? settings.clientSecret : await appleClientSecret(settings);
  let tokens: { id_token?: unknown };
  try {
    const response = await fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri(origin, provider),
        client_id: settings.clientId,
        client_secret: clientSecret,
        code_verifier: flow.verifier,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`token endpoint answered ${response.status}`);
    }
    tokens = await response.json();
  } catch (cause) {
    console.error(`auth: ${provider} code exchange failed:`, cause instanceof Error ? cause.message : "unknown");
    throw new AppError("auth/authentication-failed", { cause });
  }
  if (typeof tokens.id_token !== "string") throw new AppError("auth/authentication-failed");
  const identity = await verifyIdToken(config, provider, tokens.id_token, flow.nonce);
  if (provider === "apple" && !identity.name) {
    // Apple sends the name once, beside the code, on the first authorization only.
    try {
      const user = JSON.parse(params.get("user") ?? "null") as { name?: { firstName?: string; lastName?: string } } | null;
      const name = [user?.name?.firstName, user?.name?.lastName].filter(Boolean).join(" ").trim();
      if (name) identity.name = name.slice(0, 50);
    } catch {
      // No usable name: the email's local part stands in.
    }
  }
  return { identity, flow };
}
