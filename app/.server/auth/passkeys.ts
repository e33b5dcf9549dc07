// Passkeys (WebAuthn, decision 0028) with @simplewebauthn/server: adding one from Settings, signing in with one, and
// the owner's list (renamed, removed). The relying party is the app's public origin (APP_ORIGIN; the origin served on
// locally without it): its host name is the RP ID and only that exact origin's answers are accepted.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, lt } from "drizzle-orm";
import type { Passkey, User } from "../../../db/schema";
import { getDb, getPrimaryDb, schema } from "../db";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { findUser, type LinkContext } from "./accounts";
import { base64UrlDecode, base64UrlEncode } from "./crypto";
import { describeDevice } from "./device-name";
import { consumeChallenge } from "./passkey-challenge";
import { PASSKEY_CHALLENGE_MS } from "./policy";
import { mailSecurityChange, securityEventStatement } from "./security-activity";
import { syncViewerProfile } from "./viewer-profile";

export interface RelyingParty {
  /** The page's origin every answer must come from, e.g. "https://assistant.example.com". */
  origin: string;
  /** Its host name: what passkeys are made for and only offered on. */
  rpID: string;
}

export function relyingParty(origin: string): RelyingParty {
  return { origin, rpID: new URL(origin).hostname };
}

/** What the settings list shows of a passkey. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const RP_NAME = "Nova Assistant";
/** A passkey must prove the person too (a PIN, a fingerprint, a face): then it stands for both steps of signing in. */
const USER_VERIFICATION = "required";

function transportsOf(passkey: Pick<Passkey, "transports">): AuthenticatorTransport[] | undefined {
  if (!passkey.transports) return undefined;
  try {
    return JSON.parse(passkey.transports) as AuthenticatorTransport[];
  } catch {
    return undefined;
  }
}

/** Options for "Add a passkey": the account's existing passkeys are excluded, so one authenticator is not added twice. */
export async function registrationOptions(env: AppEnv, user: Pick<User, "id" | "email" | "displayName">, rp: RelyingParty, challenge: string) {
  const existing = await getDb(env).select().from(schema.passkeys).where(eq(schema.passkeys.userId, user.id));
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
    // As bytes: a string would be taken as text and encoded again, and the answer's challenge would not be ours.
    challenge: base64UrlDecode(challenge),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: "required", userVerification: USER_VERIFICATION },
  });
}

/** Options for signing in: no account named (a discoverable passkey says whose it is), so nothing is enumerated. */
export async function signInOptions(rp: RelyingParty, challenge: string) {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: base64UrlDecode(challenge),
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: USER_VERIFICATION,
  });
}

/** A verification library's refusal (wrong origin, RP ID, challenge, signature or counter) is one translated answer. */
async function verified<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (cause) {
    // Which check refused it (origin, challenge, signature, counter...) is for the logs, never for the page.
    console.warn("auth: passkey answer refused:", cause instanceof Error ? cause.message : "unknown");
    throw new AppError("auth/passkey-failed", { cause });
  }
}

/**
 * Adds the passkey the browser just made for `user`, after checking its answer against the challenge, origin and RP
 * ID; recorded as security activity and mailed to the account.
 */
export async function addPasskey(
  env: AppEnv,
  user: Pick<User, "id" | "email">,
  input: { response: RegistrationResponseJSON; challenge: { challenge: string; expiresAt: number }; rp: RelyingParty; userAgent: string | null },
  link: LinkContext,
): Promise<PasskeySummary> {
  const result = await verified(() =>
    verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: input.challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.rpID,
      requireUserVerification: true,
    }),
  );
  if (!result.verified || !result.registrationInfo) throw new AppError("auth/passkey-failed");
  await consumeChallenge(env, input.challenge);
  const { credential } = result.registrationInfo;
  const db = getPrimaryDb(env);
  const row = {
    id: crypto.randomUUID(),
    userId: user.id,
    credentialId: credential.id,
    publicKey: base64UrlEncode(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ? JSON.stringify(credential.transports) : null,
    name: describeDevice(input.userAgent),
    createdAt: Date.now(),
  };
  try {
    await db.batch([db.insert(schema.passkeys).values(row), securityEventStatement(db, user.id, "passkey-added")]);
  } catch (cause) {
    // The same authenticator again (another account's, or this one's before excludeCredentials knew it).
    throw new AppError("auth/credential-already-in-use", { cause });
  }
  // A way in other than the address: the profile in the account's object says so (decision 0039).
  await syncViewerProfile(env, user.id);
  await mailSecurityChange(env, user, "passkey-added", link);
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: null };
}

/**
 * Signs in with a passkey: its credential id names the account, the signature proves the key, user verification the
 * person, and the counter must not go backwards (a cloned authenticator). Both steps at once (decision 0028).
 * The counter is written only if it still grows against the stored one, in the same statement (or, for an
 * authenticator that keeps none, stays 0): of two answers racing with one counter value, one is refused.
 */
export async function signInWithPasskey(
  env: AppEnv,
  input: { response: AuthenticationResponseJSON; challenge: { challenge: string; expiresAt: number }; rp: RelyingParty },
): Promise<User> {
  const db = getPrimaryDb(env);
  const passkey = await db.query.passkeys.findFirst({ where: eq(schema.passkeys.credentialId, input.response.id) });
  if (!passkey) throw new AppError("auth/passkey-not-found");
  const result = await verified(() =>
    verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.challenge.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.rpID,
      credential: { id: passkey.credentialId, publicKey: base64UrlDecode(passkey.publicKey), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: true,
    }),
  );
  if (!result.verified) throw new AppError("auth/passkey-failed");
  await consumeChallenge(env, input.challenge);
  const { newCounter } = result.authenticationInfo;
  const counterStill = newCounter === 0 ? eq(schema.passkeys.counter, 0) : lt(schema.passkeys.counter, newCounter);
  const moved = await db
    .update(schema.passkeys)
    .set({ counter: newCounter, lastUsedAt: Date.now() })
    .where(and(eq(schema.passkeys.id, passkey.id), counterStill))
    .returning({ id: schema.passkeys.id });
  if (moved.length === 0) {
    console.warn("auth: passkey answer refused: its counter was overtaken");
    throw new AppError("auth/passkey-failed");
  }
  const user = await findUser(env, passkey.userId);
  if (!user) throw new AppError("auth/passkey-not-found");
  if (user.disabledAt) throw new AppError("auth/user-disabled");
  // Being deleted (decision 0033): never signed in again, whatever proves who they are.
  if (user.deletingAt) throw new AppError("account/deleted");
  return user;
}

/** The owner's own passkey, or the same 404 for a stranger's id and one that does not exist. */
async function ownPasskey(env: AppEnv, userId: string, passkeyId: string): Promise<Passkey> {
  const passkey = await getPrimaryDb(env).query.passkeys.findFirst({ where: and(eq(schema.passkeys.id, passkeyId), eq(schema.passkeys.userId, userId)) });
  if (!passkey) throw new AppError("auth/passkey-not-found");
  return passkey;
}

export async function renamePasskey(env: AppEnv, userId: string, passkeyId: string, name: string): Promise<void> {
  await ownPasskey(env, userId, passkeyId);
  await getPrimaryDb(env)
    .update(schema.passkeys)
    .set({ name: name.trim() })
    .where(and(eq(schema.passkeys.id, passkeyId), eq(schema.passkeys.userId, userId)));
}

/**
 * Removes a passkey, unless it is the last way in: a passkey counts as a verified login connection (docs/product.md §5),
 * so the last one goes only while a verified connection or another passkey remains.
 */
export async function removePasskey(env: AppEnv, user: Pick<User, "id" | "email">, passkeyId: string, link: LinkContext): Promise<void> {
  await ownPasskey(env, user.id, passkeyId);
  const db = getPrimaryDb(env);
  const [others, verifiedConnections] = await Promise.all([
    db.$count(schema.passkeys, eq(schema.passkeys.userId, user.id)),
    db.$count(schema.loginConnections, and(eq(schema.loginConnections.userId, user.id), eq(schema.loginConnections.verified, true))),
  ]);
  if (others <= 1 && verifiedConnections === 0) throw new AppError("auth/last-connection");
  await db.batch([
    db.delete(schema.passkeys).where(and(eq(schema.passkeys.id, passkeyId), eq(schema.passkeys.userId, user.id))),
    securityEventStatement(db, user.id, "passkey-removed"),
  ]);
  await syncViewerProfile(env, user.id);
  await mailSecurityChange(env, user, "passkey-removed", link);
}
