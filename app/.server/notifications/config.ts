// Web push settings (decision 0042): the VAPID key pair (RFC 8292) that signs every push, its contact, and a
// local push service a developer's run and the tests may use over plain HTTP. Without keys, in production, push is
// "not available" on Settings › Notifications instead of failing; elsewhere a fixed development pair stands in.
import * as z from "zod";

/**
 * Signs pushes only outside production without keys of their own, like the development session secret (env.ts): the
 * private half is public, so a deployment must bring its own (README "Web push").
 */
const DEV_VAPID_PUBLIC_KEY = "BGuSeBSp8yOGNWaFqZA535-ulbns2OXVu7KqsJwOaMWP-PutAjOSrHpfFyRjEV7-cEnpierKj5SVPOBn4DuAeFI";
const DEV_VAPID_PRIVATE_KEY = "jvfTMQpqzRq-HHgoLnQllZM26gIjYK4CK1LpDBBon34";
const DEV_VAPID_SUBJECT = "mailto:dev@example.com";

const base64url = (bytes: number, name: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url (as printed by scripts/vapid-keys.mjs)`)
    .refine((value) => decodedLength(value) === bytes, `${name} must be ${bytes} bytes, base64url`);

export const pushVarsSchema = z.object({
  /** The P-256 public key, 65-byte uncompressed point, base64url: the browser's applicationServerKey. */
  VAPID_PUBLIC_KEY: base64url(65, "VAPID_PUBLIC_KEY").optional(),
  /** Its private scalar d, 32 bytes, base64url (a secret: wrangler secret put VAPID_PRIVATE_KEY). */
  VAPID_PRIVATE_KEY: base64url(32, "VAPID_PRIVATE_KEY").optional(),
  /** How a push service reaches the operator: mailto: or https: (RFC 8292 "sub"). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: or https: URL")
    .optional(),
  /**
   * Outside production only: the origin of a local push service (tests/mocks/fake-push.mjs, e.g. http://127.0.0.1:8791)
   * whose endpoints are accepted and sent to over plain HTTP. Ignored in production.
   */
  PUSH_DEV_SERVICE_ORIGIN: z.url().optional(),
});

export type PushVars = z.infer<typeof pushVarsSchema>;

function decodedLength(value: string): number {
  return Math.floor((value.length * 3) / 4);
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushConfig {
  /** null: push is not available (production without keys). */
  vapid: VapidKeys | null;
  devServiceOrigin: string | null;
}

export function toPushConfig(vars: PushVars & { APP_ENV: "development" | "test" | "production" }): PushConfig {
  const production = vars.APP_ENV === "production";
  const configured = vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY;
  const vapid: VapidKeys | null = configured
    ? { publicKey: vars.VAPID_PUBLIC_KEY!, privateKey: vars.VAPID_PRIVATE_KEY!, subject: vars.VAPID_SUBJECT ?? DEV_VAPID_SUBJECT }
    : production
      ? null
      : { publicKey: DEV_VAPID_PUBLIC_KEY, privateKey: DEV_VAPID_PRIVATE_KEY, subject: vars.VAPID_SUBJECT ?? DEV_VAPID_SUBJECT };
  const devServiceOrigin = !production && vars.PUSH_DEV_SERVICE_ORIGIN ? new URL(vars.PUSH_DEV_SERVICE_ORIGIN).origin : null;
  return { vapid, devServiceOrigin };
}
