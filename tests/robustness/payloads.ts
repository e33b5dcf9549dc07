// Hostile bodies for the bad-input suite. Field names come from every zod schema in app/lib/schemas (the forms'
// and APIs' one source of truth), so a new schema's fields are attacked without an edit here.
import { SIGNING_PURPOSES, signValue, type SigningPurpose } from "../../app/.server/auth/signing";
import { oneKeySignature, oneKeySigned } from "../fixtures/one-key-signature";

/** The parts of zod 4's internal definition this walker reads. */
interface ZodDef {
  type: string;
  shape?: Record<string, ZodLike>;
  options?: ZodLike[];
  innerType?: ZodLike;
  in?: ZodLike;
  left?: ZodLike;
  right?: ZodLike;
  element?: ZodLike;
  values?: unknown[];
  entries?: Record<string, unknown>;
  format?: string;
}
interface ZodLike {
  _zod: { def: ZodDef };
}

const isZod = (value: unknown): value is ZodLike =>
  typeof value === "object" && value !== null && "_zod" in value && typeof (value as ZodLike)._zod?.def?.type === "string";

const schemaModules = import.meta.glob<Record<string, unknown>>("../../app/lib/schemas/*.ts", { eager: true });

/** Every exported schema of app/lib/schemas, by `file:export`. */
export const SCHEMAS: [string, ZodLike][] = Object.entries(schemaModules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter((entry): entry is [string, ZodLike] => isZod(entry[1]))
    .map(([name, schema]): [string, ZodLike] => [`${file.replace(/^.*\//, "").replace(/\.ts$/, "")}:${name}`, schema]),
);

/** The object variants a schema accepts (a union gives each of its options). */
function objectsOf(schema: ZodLike): Record<string, ZodLike>[] {
  const def = schema._zod.def;
  if (def.type === "object") return [def.shape ?? {}];
  if (def.type === "union") return (def.options ?? []).flatMap(objectsOf);
  if (def.type === "intersection") return [...objectsOf(def.left!), ...objectsOf(def.right!)];
  const inner = def.innerType ?? def.in;
  return inner ? objectsOf(inner) : [];
}

/** Every field name any form or API schema has, plus `intent`, the usual switch of multi-form pages. */
export const FIELD_NAMES: string[] = [...new Set(["intent", ...SCHEMAS.flatMap(([, schema]) => objectsOf(schema).flatMap(Object.keys))])].sort();

/** A value the field's schema accepts where that is simple to make (enums, literals, ids), else a plain word. */
function sampleValue(schema: ZodLike): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case "literal":
      return def.values?.[0];
    case "enum":
      return Object.values(def.entries ?? {})[0];
    case "string":
      return def.format === "uuid" ? crypto.randomUUID() : def.format === "email" ? "someone@example.com" : "sample";
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "array":
      return [sampleValue(def.element!)];
    case "object":
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, sampleValue(field)]));
    case "union":
      return sampleValue(def.options![0]!);
    default: {
      const inner = def.innerType ?? def.in;
      return inner ? sampleValue(inner) : "sample";
    }
  }
}

/**
 * Plausible bodies: one per object variant of every schema, as form fields. Sent with another account's ids in the
 * path, any that passes validation must still find nothing of theirs.
 */
export const SAMPLE_FORMS: [string, Record<string, string>][] = SCHEMAS.flatMap(([name, schema]) =>
  objectsOf(schema).map((shape, index): [string, Record<string, string>] => [
    `${name}#${index}`,
    Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, String(sampleValue(field))])),
  ]),
).filter(([, fields], index, all) => all.findIndex(([, other]) => JSON.stringify(other) === JSON.stringify(fields)) === index);

/** Unicode edge cases, each put in every field. */
export const UNICODE_VALUES: Record<string, string> = {
  "lone surrogates": "\ud800a\udfff",
  "RTL override": "\u202Egnp.exe\u202C admin\u200F",
  NUL: "a\u0000b\u0000",
  "10k emoji": "😀".repeat(10_000),
  "combining marks": `a${"\u0301".repeat(5_000)}`,
};

/** Percent-escapes that are not UTF-8 at all (an overlong slash, a lone continuation byte, 0xFF). */
export const INVALID_UTF8 = "%C0%AF%80%FF%ED%A0%80";

export function formOf(value: string): URLSearchParams {
  return new URLSearchParams(FIELD_NAMES.map((name) => [name, value]));
}

export function jsonOf(value: unknown): string {
  return JSON.stringify(Object.fromEntries(FIELD_NAMES.map((name) => [name, value])));
}

/** Wrong types: a file where text belongs, a field given many times, JSON values of every other type. */
export function multipartWithFiles(): FormData {
  const form = new FormData();
  for (const name of FIELD_NAMES) form.set(name, new File([new Uint8Array([0, 1, 2, 3])], "x.bin", { type: "application/octet-stream" }));
  return form;
}

export function repeatedFields(): URLSearchParams {
  return new URLSearchParams(
    FIELD_NAMES.flatMap(
      (name) =>
        [
          [name, "1"],
          [name, "[]"],
          [name, "true"],
        ] as [string, string][],
    ),
  );
}

export const JSON_WRONG_TYPES = [123, null, true, [1, 2], { nested: { deep: ["x"] } }] as const;

/** About 2 MB: past every form's and API's size. */
export const OVERSIZED = "a".repeat(2 * 1024 * 1024);

/** 12 MB of form-like bytes sent chunked (a stream has no Content-Length), made only as the server pulls them. */
export function chunkedOversized(): ReadableStream<Uint8Array> {
  const total = 12 * 1024 * 1024;
  const chunk = new TextEncoder().encode(`x=${"a".repeat(64 * 1024 - 2)}`);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

/** Cookies whose values are not valid percent-encoding, for every cookie the app reads. */
export const MALFORMED_COOKIES =
  "__Host-session=%E0%A4%A; session=%E0%A4%A; locale=%E0%A4%A; theme=%; __Host-guest_id=%E0%A4%A; guest_id=%ZZ; second_step=%E0%A4%A; __Host-passkey_challenge=%ZZ; passkey_challenge=%E0%A4%A";

export const FORGERIES = ["another purpose's key", "the old one-key format"] as const;
export type Forgery = (typeof FORGERIES)[number];

/**
 * Every signed cookie the app reads, well-formed and signed with the deployment's own SESSION_SECRET, but either with
 * another purpose's key or in the old one-key format (decision 0005 "Signed values"), naming the victim where a
 * cookie names someone. Each must count as absent: no guest id, no pending sign-up, no reset step, no OAuth attempt,
 * no trusted browser.
 */
export async function forgedSignedCookies(secret: string, victimUserId: string): Promise<Record<Forgery, string>> {
  const now = Date.now();
  const values: [SigningPurpose, string[], string, string?][] = [
    ["guest-id", ["__Host-guest_id", "guest_id"], `g_${crypto.randomUUID()}`],
    ["pending-verification", ["verify_pending"], `${victimUserId}:${now + 3_600_000}`],
    ["reset-token", ["reset_token"], "A".repeat(43)],
    ["oauth-state", ["oauth_state"], btoa(JSON.stringify({ provider: "google", state: "s", verifier: "v", nonce: "n", expiresAt: now + 600_000 }))],
    ["trusted-device", ["__Host-device", "device"], String(Math.floor(now / 86_400_000)), "victim@example.com"],
    ["pending-second-step", ["second_step"], `${victimUserId}|${now + 300_000}|`],
    ["passkey-challenge", ["__Host-passkey_challenge", "passkey_challenge"], `register|${"A".repeat(43)}|${now + 300_000}`, victimUserId],
  ];
  const header = async (sign: (purpose: SigningPurpose, value: string, boundTo?: string) => Promise<string>) => {
    const pairs = await Promise.all(
      values.flatMap(([purpose, names, value, boundTo]) => names.map(async (name) => `${name}=${encodeURIComponent(await sign(purpose, value, boundTo))}`)),
    );
    return pairs.join("; ");
  };
  const another = (purpose: SigningPurpose) => SIGNING_PURPOSES[(SIGNING_PURPOSES.indexOf(purpose) + 1) % SIGNING_PURPOSES.length]!;
  return {
    "another purpose's key": await header((purpose, value, boundTo) => signValue(secret, another(purpose), value, boundTo)),
    // The old device cookie showed only the day: `<day>.<HMAC(secret, "device|<day>|<email>")>`.
    "the old one-key format": await header(async (purpose, value, boundTo) =>
      purpose === "trusted-device" ? `${value}.${await oneKeySignature(secret, `device|${value}|${boundTo}`)}` : oneKeySigned(secret, value),
    ),
  };
}
