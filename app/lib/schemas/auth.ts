// One zod schema per account form, used by the form in the browser and by its action on the server. Messages are
// `validation.*` keys of the auth namespace, so both languages show docs/product.md §5's wording.
import * as z from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants";
import { isWeakPassword } from "../password-strength";
import { checkWith, type FormCheck, type FormChecker } from "./field-errors";
import { lazily } from "./lazy";

export * from "../profile-photo";

export const DISPLAY_NAME_MAX = 50;

/** Message keys in the auth namespace, `validation.*` like every form's; the English texts are docs/product.md §5's. */
export const V = {
  required: "validation.required",
  invalidEmail: "validation.invalidEmail",
  passwordLength: "validation.passwordLength",
  passwordsMatch: "validation.passwordsMatch",
  displayNameLength: "validation.displayNameLength",
  weakPassword: "validation.weakPassword",
  code: "validation.code",
  passkeyNameLength: "validation.passkeyNameLength",
} as const;

const required = () => z.string().trim().min(1, V.required);

// Fields are functions and schemas are built on first use (lazy.ts): the sign-in page loads this module before it paints.
const emailField = () => required().max(254, V.invalidEmail).pipe(z.email(V.invalidEmail));

/** docs/product.md §5: 8 to 20 characters; the one message covers both ends. Not trimmed: spaces are part of a password. */
const newPasswordField = () => z.string().min(1, V.required).min(PASSWORD_MIN, V.passwordLength).max(PASSWORD_MAX, V.passwordLength);

/** Sign-in only asks for something: the rules apply when a password is made, and an old one must still work. */
const currentPasswordField = () => z.string().min(1, V.required).max(256, V.required);

const displayNameField = () => required().max(DISPLAY_NAME_MAX, V.displayNameLength);

const matching = <T extends { password: string; confirmPassword: string }>(value: T) => value.password === value.confirmPassword;
const matchIssue = { path: ["confirmPassword"], message: V.passwordsMatch };
/** docs/product.md §8 "Weak password" (see password-strength.ts), under the password field. */
const notWeak = <T extends { password: string; email?: string; displayName?: string }>(value: T) => !isWeakPassword(value.password, value);
const weakIssue = { path: ["password"], message: V.weakPassword };

export const signInSchema = lazily(() => z.object({ email: emailField(), password: currentPasswordField() }));

export const signUpSchema = lazily(() =>
  z
    .object({ displayName: displayNameField(), email: emailField(), password: newPasswordField(), confirmPassword: z.string().min(1, V.required) })
    .refine(matching, matchIssue)
    .refine(notWeak, weakIssue),
);

export const forgotPasswordSchema = lazily(() => z.object({ email: emailField() }));

/** "E-mail me a sign-in link" (decision 0020): only the address; the link's use is a button on its own page. */
export const signInLinkSchema = lazily(() => z.object({ email: emailField() }));

/** Reset from an emailed link, and Settings → Login Connection → connect Email (a new password for the account). */
export const newPasswordSchema = lazily(() =>
  z
    .object({ password: newPasswordField(), confirmPassword: z.string().min(1, V.required) })
    .refine(matching, matchIssue)
    .refine(notWeak, weakIssue),
);

export const displayNameSchema = lazily(() => z.object({ displayName: displayNameField() }));

/**
 * "Confirm it's you" before a change that could lock the owner out (docs/product.md §8 requires-recent-login): the
 * password, and, on an account with two-step sign-in on, a code (decision 0028): optional for the server, which then
 * makes the session recent for the password's changes only; the dialog asks for it (`confirmWithCodeSchema`).
 */
export const confirmPasswordSchema = lazily(() => z.object({ password: currentPasswordField(), code: z.string().trim().max(32, V.code).optional() }));
export const confirmWithCodeSchema = lazily(() => z.object({ password: currentPasswordField(), code: z.string().trim().min(1, V.code).max(32, V.code) }));

/** Sign-out: where to go afterwards (a path of ours, checked again there). */
export const signOutSchema = lazily(() => z.strictObject({ redirectTo: z.string().max(2048).optional() }));

/** A passkey's name in Settings (decision 0028): like a display name, at most 50 characters. */
export const PASSKEY_NAME_MAX = 50;

/**
 * A code for two-step sign-in: the authenticator app's 6 digits or a recovery code (`xxxxx-xxxxx`). Only its length is
 * checked here; which kind it is and whether it is right, the server says (auth/invalid-verification-code).
 */
export const twoStepCodeSchema = lazily(() => z.object({ code: z.string().trim().min(1, V.code).max(32, V.code) }));

export const passkeyNameSchema = lazily(() => z.object({ name: required().max(PASSKEY_NAME_MAX, V.passkeyNameLength) }));

/** Which passkey ceremony the browser asks options for. */
export const passkeyOptionsSchema = lazily(() => z.strictObject({ purpose: z.enum(["register", "sign-in"]) }));

/**
 * A WebAuthn answer as @simplewebauthn/browser sends it (JSON in one form field): the shape is checked here, the
 * contents (signature, challenge, origin, counter) by the server's verification (auth/passkeys.ts).
 */
export const passkeyResponseSchema = lazily(() => {
  const text = z.string().min(1).max(4096);
  const answer = z.object({
    id: text,
    rawId: text,
    type: z.literal("public-key"),
    // The rest of `response` differs per ceremony and browser (attestationObject, authenticatorData, signature,
    // userHandle, publicKey, publicKeyAlgorithm, transports): bounded strings, numbers or short lists.
    response: z.object({ clientDataJSON: text }).catchall(z.union([z.string().max(16_384), z.number(), z.null(), z.array(z.string().max(32)).max(16)])),
    clientExtensionResults: z.record(z.string(), z.unknown()),
    authenticatorAttachment: z.string().max(32).optional(),
  });
  return z.object({
    response: z
      .string()
      .max(32_768, V.required)
      .transform((value, context) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          context.addIssue({ code: "custom", message: V.required });
          return z.NEVER;
        }
      })
      .pipe(answer),
  });
});

export type FieldErrors = Record<string, string>;

/** A form's schema, built on first use (lazy.ts). */
export type FormSchema<T> = () => z.ZodType<T>;

/** An account form's check: auth schemas word their own messages; a missing field is simply a required one (zod says "expected string"). */
export function authCheck<T>(schema: FormSchema<T>): FormChecker<T> {
  return checkWith(schema(), "form", (issue) => (issue.code === "invalid_type" ? V.required : issue.message));
}

/** Validates FormData (or a plain object) against a form schema on the server: the data, or the first message key per field. */
export function checkForm<T>(schema: FormSchema<T>, input: FormData | Record<string, unknown>): FormCheck<T> {
  const raw: Record<string, unknown> = {};
  if (input instanceof FormData) {
    for (const [key, value] of input.entries()) if (typeof value === "string") raw[key] = value;
  } else {
    Object.assign(raw, input);
  }
  return authCheck(schema)(raw);
}
