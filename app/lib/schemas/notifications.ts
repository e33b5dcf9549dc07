// Settings › Notifications' forms (POST /api/notifications, decision 0042): one schema shared by the page and
// the route. Messages are keys under settings:notifications.validation.
import * as z from "zod";

/** The kinds a person can switch off (every NotificationKind but "schedule", which each schedule says for itself). */
export const NOTIFICATION_SWITCHES = ["image-ready", "export-ready", "answer-finished", "research-done"] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

/** At most this long an endpoint URL (the push services' are 150 to 500 characters). */
export const PUSH_ENDPOINT_MAX = 2048;

/** The length in bytes of unpadded base64url text, or -1 when it is not base64url. */
export function base64urlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(value)) return -1;
  const plain = value.replace(/=+$/, "");
  if (plain.length % 4 === 1) return -1;
  return Math.floor((plain.length * 3) / 4);
}

/** The first byte of a base64url text, 0x04 for an uncompressed P-256 point. */
function firstByte(value: string): number {
  const head = value.slice(0, 4).replace(/-/g, "+").replace(/_/g, "/");
  try {
    return atob(head).charCodeAt(0);
  } catch {
    return -1;
  }
}

export const subscriptionFields = {
  endpoint: z
    .string({ message: "validation.endpoint" })
    .trim()
    .min(1, "validation.endpoint")
    .max(PUSH_ENDPOINT_MAX, "validation.endpoint")
    .refine((value) => URL.canParse(value), "validation.endpoint"),
  /** The browser's P-256 public key: a 65-byte uncompressed point (0x04 ‖ x ‖ y), base64url (RFC 8291 §3.2). */
  p256dh: z
    .string({ message: "validation.keys" })
    .trim()
    .refine((value) => base64urlBytes(value) === 65 && firstByte(value) === 4, "validation.keys"),
  /** The browser's 16-byte authentication secret, base64url. */
  auth: z
    .string({ message: "validation.keys" })
    .trim()
    .refine((value) => base64urlBytes(value) === 16, "validation.keys"),
};

/** POST /api/notifications. */
export const notificationsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), ...subscriptionFields }),
  z.object({ intent: z.literal("remove"), id: z.string().trim().min(1).max(64) }),
  z.object({
    intent: z.literal("switch"),
    kind: z.enum(NOTIFICATION_SWITCHES),
    enabled: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
  z.object({ intent: z.literal("test") }),
]);
