// Two-step sign-in with an authenticator app (decision 0028): a TOTP key (RFC 6238, 6 digits, 30 s) kept sealed
// (auth/sealed.ts) and shown only while it is being set up, ten one-time recovery codes kept as HMACs, and the one
// check every code goes through: ±1 step, each code accepted once, counted like passwords (throttle.ts).
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import type { User } from "../../../db/schema";
import { now as clockNow } from "../clock";
import { type Database, getPrimaryDb, schema } from "../db";
import { loadConfig, type AppEnv } from "../env";
import { AppError } from "../errors";
import type { LinkContext } from "./accounts";
import { sha256Hex, timingSafeEqualStrings } from "./crypto";
import { TWO_STEP } from "./policy";
import { seal, unseal } from "./sealed";
import { macHex } from "./signing";
import { mailSecurityChange, securityEventStatement } from "./security-activity";
import { beginCodeAttempt } from "./throttle";

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i), 10 of them grouped `xxxxx-xxxxx`: 50 bits each. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;
const CODE_PATTERN = new RegExp(`^\\d{${TWO_STEP.digits}}$`);
const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_LENGTH}}$`);

export interface TwoStepStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

async function statusIn(db: Database, userId: string): Promise<TwoStepStatus> {
  const [row, left] = await Promise.all([
    db.query.twoStepSecrets.findFirst({ where: eq(schema.twoStepSecrets.userId, userId), columns: { enabledAt: true } }),
    db.$count(schema.recoveryCodes, and(eq(schema.recoveryCodes.userId, userId), isNull(schema.recoveryCodes.usedAt))),
  ]);
  return twoStepOf(row?.enabledAt ?? null, left);
}

/** The status from when two-step sign-in was turned on (null: off) and the unused recovery codes. */
export function twoStepOf(enabledAt: number | null, recoveryCodesLeft: number): TwoStepStatus {
  return { enabled: Boolean(enabledAt), recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0 };
}

/**
 * Whether a sign-in must ask for a code: read from the primary, like every sign-in read, since a browser signing in
 * brings no bookmark and a lagging replica could still say "off" just after it was turned on elsewhere.
 */
export async function isTwoStepOn(env: AppEnv, userId: string): Promise<boolean> {
  return (await statusIn(getPrimaryDb(env), userId)).enabled;
}

function currentStep(): number {
  return Math.floor(clockNow() / (TWO_STEP.periodSeconds * 1000));
}

/** Spaces and dashes are how people copy codes; they are not part of them. */
function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_LENGTH));
  const code = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * How a recovery code is stored: HMAC-SHA256 under a key derived from SESSION_SECRET for this purpose (signing.ts), so
 * a copy of the database alone cannot test the 50-bit codes offline (decision 0028).
 */
function recoveryHash(env: AppEnv, userId: string, code: string): Promise<string> {
  return macHex(loadConfig(env).sessionSecret, "recovery-code", `recovery|${userId}|${normalizeCode(code)}`);
}

/**
 * Both forms a stored code may have: the HMAC, and the plain SHA-256 rows made before it still hold. Those cannot be
 * rewritten without the codes, which the server never keeps; each still works once, and renewing replaces them all.
 */
async function storedForms(env: AppEnv, userId: string, code: string): Promise<string[]> {
  return [await recoveryHash(env, userId, code), await sha256Hex(`recovery|${userId}|${normalizeCode(code)}`)];
}

/** Ten new codes replace every earlier one; the statements go in the caller's batch, the codes are shown once. */
async function recoveryCodeRows(env: AppEnv, userId: string) {
  const codes = Array.from({ length: TWO_STEP.recoveryCodes }, newRecoveryCode);
  const rows = await Promise.all(codes.map(async (code) => ({ id: crypto.randomUUID(), userId, codeHash: await recoveryHash(env, userId, code) })));
  return { codes, rows };
}

/**
 * Starts set-up: a new key (replacing one whose set-up was never finished) and the two ways to give it to an app, a
 * QR code of the `otpauth://` address and the key itself. Shown now and never again (decision 0028).
 */
export async function beginTwoStepSetup(env: AppEnv, user: Pick<User, "id" | "email">): Promise<{ keyUri: string; manualKey: string }> {
  if (await isTwoStepOn(env, user.id)) throw new AppError("auth/second-factor-already-in-use");
  const key = crypto.getRandomValues(new Uint8Array(20));
  const sealed = await seal(loadConfig(env).sessionSecret, key, user.id);
  await getPrimaryDb(env)
    .insert(schema.twoStepSecrets)
    .values({ userId: user.id, secret: sealed, enabledAt: null, lastStep: 0 })
    .onConflictDoUpdate({ target: schema.twoStepSecrets.userId, set: { secret: sealed, enabledAt: null, lastStep: 0 } });
  const keyUri = createTOTPKeyURI("Nova Assistant", user.email, key, TWO_STEP.periodSeconds, TWO_STEP.digits);
  const manualKey = (new URL(keyUri).searchParams.get("secret") ?? "").replace(/(.{4})/g, "$1 ").trim();
  return { keyUri, manualKey };
}

/** The step `code` is the authenticator's code for (within ±TWO_STEP.window of now), or null. */
async function matchingStep(env: AppEnv, userId: string, sealed: string, code: string): Promise<number | null> {
  const key = await unseal(loadConfig(env).sessionSecret, sealed, userId);
  if (!key) return null;
  const step = currentStep();
  let matched: number | null = null;
  // Every candidate is computed and compared, so the time taken does not say which step matched.
  for (let offset = -TWO_STEP.window; offset <= TWO_STEP.window; offset++) {
    if (timingSafeEqualStrings(generateHOTP(key, BigInt(step + offset), TWO_STEP.digits), code)) matched = step + offset;
  }
  return matched;
}

/**
 * Accepts an authenticator code once: the step it belongs to must be newer than the last one accepted, written in the
 * same statement that checks it, so two requests racing with one code cannot both pass.
 */
async function acceptAppCode(env: AppEnv, userId: string, code: string, { enabled }: { enabled: boolean }): Promise<void> {
  const db = getPrimaryDb(env);
  const row = await db.query.twoStepSecrets.findFirst({ where: eq(schema.twoStepSecrets.userId, userId) });
  if (!row || Boolean(row.enabledAt) !== enabled) throw new AppError("auth/multi-factor-info-not-found");
  const step = await matchingStep(env, userId, row.secret, code);
  if (step === null) throw new AppError("auth/invalid-verification-code");
  const accepted = await db
    .update(schema.twoStepSecrets)
    .set({ lastStep: step })
    .where(and(eq(schema.twoStepSecrets.userId, userId), lt(schema.twoStepSecrets.lastStep, step)))
    .returning({ userId: schema.twoStepSecrets.userId });
  if (accepted.length === 0) throw new AppError("auth/code-already-used");
}

/** Uses up one recovery code; throws what a person should be told when it is not one of theirs or was used. */
async function spendRecoveryCode(env: AppEnv, userId: string, code: string): Promise<void> {
  const db = getPrimaryDb(env);
  const forms = await storedForms(env, userId, code);
  const used = await db
    .update(schema.recoveryCodes)
    .set({ usedAt: Date.now() })
    .where(and(eq(schema.recoveryCodes.userId, userId), inArray(schema.recoveryCodes.codeHash, forms), isNull(schema.recoveryCodes.usedAt)))
    .returning({ id: schema.recoveryCodes.id });
  if (used.length > 0) return;
  const known = await db.query.recoveryCodes.findFirst({ where: and(eq(schema.recoveryCodes.userId, userId), inArray(schema.recoveryCodes.codeHash, forms)) });
  throw new AppError(known ? "auth/code-already-used" : "auth/invalid-verification-code");
}

export interface CodeAttempt {
  code: string;
  address: string;
}

/**
 * The one check for a code on an account with two-step sign-in on: a 6-digit authenticator code or a recovery code,
 * counted before it is checked (throttle.ts beginCodeAttempt), given back when right. Returns which kind it was.
 */
export async function checkTwoStepCode(env: AppEnv, userId: string, input: CodeAttempt, options: { appOnly?: boolean } = {}): Promise<"app" | "recovery"> {
  const code = normalizeCode(input.code);
  if (code === "") throw new AppError("auth/missing-verification-code");
  const isAppCode = CODE_PATTERN.test(code);
  if (!isAppCode && (options.appOnly || !RECOVERY_PATTERN.test(code))) throw new AppError("auth/invalid-verification-code");
  const attempt = await beginCodeAttempt(env, userId, input.address);
  if (isAppCode) await acceptAppCode(env, userId, code, { enabled: !options.appOnly });
  else await spendRecoveryCode(env, userId, code);
  await attempt.succeeded();
  return isAppCode ? "app" : "recovery";
}

/**
 * The second step of a sign-in. A recovery code used here is recorded and mailed, so the owner learns that someone
 * got past the authenticator app with one.
 */
export async function passSecondStep(env: AppEnv, user: Pick<User, "id" | "email">, input: CodeAttempt, link: LinkContext): Promise<void> {
  const kind = await checkTwoStepCode(env, user.id, input);
  if (kind === "app") return;
  await securityEventStatement(getPrimaryDb(env), user.id, "recovery-code-used");
  await mailSecurityChange(env, user, "recovery-code-used", link);
}

/** Finishes set-up with the first code from the app: two-step sign-in is on, and ten recovery codes are shown once. */
export async function confirmTwoStepSetup(
  env: AppEnv,
  user: Pick<User, "id" | "email">,
  input: CodeAttempt,
  link: LinkContext,
): Promise<{ recoveryCodes: string[] }> {
  await checkTwoStepCode(env, user.id, input, { appOnly: true });
  const db = getPrimaryDb(env);
  const { codes, rows } = await recoveryCodeRows(env, user.id);
  await db.batch([
    db.update(schema.twoStepSecrets).set({ enabledAt: Date.now() }).where(eq(schema.twoStepSecrets.userId, user.id)),
    db.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id)),
    db.insert(schema.recoveryCodes).values(rows),
    securityEventStatement(db, user.id, "two-step-on"),
  ]);
  await mailSecurityChange(env, user, "two-step-on", link);
  return { recoveryCodes: codes };
}

/** Turning it off takes a current code (or a recovery code, for someone who lost the app): the key and codes go. */
export async function disableTwoStep(env: AppEnv, user: Pick<User, "id" | "email">, input: CodeAttempt, link: LinkContext): Promise<void> {
  if (!(await isTwoStepOn(env, user.id))) throw new AppError("auth/multi-factor-info-not-found");
  await checkTwoStepCode(env, user.id, input);
  const db = getPrimaryDb(env);
  await db.batch([
    db.delete(schema.twoStepSecrets).where(eq(schema.twoStepSecrets.userId, user.id)),
    db.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id)),
    securityEventStatement(db, user.id, "two-step-off"),
  ]);
  await mailSecurityChange(env, user, "two-step-off", link);
}

/** Ten new recovery codes; every earlier one, used or not, stops working. */
export async function renewRecoveryCodes(env: AppEnv, user: Pick<User, "id" | "email">, link: LinkContext): Promise<{ recoveryCodes: string[] }> {
  if (!(await isTwoStepOn(env, user.id))) throw new AppError("auth/multi-factor-info-not-found");
  const db = getPrimaryDb(env);
  const { codes, rows } = await recoveryCodeRows(env, user.id);
  await db.batch([
    db.delete(schema.recoveryCodes).where(eq(schema.recoveryCodes.userId, user.id)),
    db.insert(schema.recoveryCodes).values(rows),
    securityEventStatement(db, user.id, "recovery-codes-renewed"),
  ]);
  await mailSecurityChange(env, user, "recovery-codes-renewed", link);
  return { recoveryCodes: codes };
}
