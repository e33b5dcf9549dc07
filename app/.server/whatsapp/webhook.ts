// The receiving half of the WhatsApp channel, run by the webhook worker: Meta's signature on the raw body, the
// payload read leniently (anything unexpected is skipped, never an error Meta would retry for days), and each
// message and the delivery statuses queued as they are. The app worker's consumer (inbox.ts) records them in the
// number's own object (number-object.ts).
import * as z from "zod";
import type { InboxItem, InboxMessage, InboxQueue, StatusUpdate } from "./inbox-message";

/** Meta's deliveries are a few KB; anything far larger is not one of them. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

function hexToBytes(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/**
 * Checks `X-Hub-Signature-256: sha256=<hex>` against HMAC-SHA256(raw body, app secret). WebCrypto's verify
 * compares in constant time, so the check leaks nothing about how much of a forged signature was right.
 */
export async function verifySignature(appSecret: string, rawBody: ArrayBuffer, header: string | null | undefined): Promise<boolean> {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? "");
  const signature = match ? hexToBytes(match[1]!) : null;
  if (!signature) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(appSecret), signature as Uint8Array<ArrayBuffer>, rawBody);
}

// One imported key per secret and isolate: every delivery would otherwise import the same key again.
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    keys.set(secret, key);
  }
  return key;
}

/** Compares the verify token in constant time: digests of both, so neither length nor content leaks. */
export async function sameSecret(expected: string, given: string | null | undefined): Promise<boolean> {
  const digest = async (value: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  const [a, b] = await Promise.all([digest(expected), digest(given ?? "")]);
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0 && given !== null && given !== undefined;
}

const text = (max: number) => z.string().min(1).max(max);

const messageSchema = z.object({
  id: text(256),
  from: z.string().regex(/^\d{6,15}$/),
  timestamp: z.coerce.number().int().positive(),
  type: z.string().max(32),
  text: z.object({ body: z.string().max(65_536) }).optional(),
  image: z.object({ id: text(128), mime_type: z.string().max(64).optional(), caption: z.string().max(4096).optional() }).optional(),
  /** A voice note (`voice: true`) or another audio file. */
  audio: z
    .object({ id: text(128), mime_type: z.string().max(64).optional() })
    .loose()
    .optional(),
});

const statusSchema = z.object({
  id: text(256),
  status: z.enum(["sent", "delivered", "read", "failed"]),
  recipient_id: z.string().max(32).optional(),
  // Only used to order a delivery after a billing error (billing-pause.ts): an odd one is ignored, not the status.
  timestamp: z.coerce.number().int().positive().optional().catch(undefined),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() }).loose()).optional(),
});

const valueSchema = z.object({
  messaging_product: z.literal("whatsapp").optional(),
  metadata: z
    .object({ phone_number_id: z.string().max(64).optional() })
    .loose()
    .optional(),
  contacts: z.array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().max(256).optional() }).optional() }).loose()).optional(),
  // Items are checked one by one below, so one odd message does not hide the others.
  messages: z.array(z.unknown()).max(100).optional(),
  statuses: z.array(z.unknown()).max(100).optional(),
});

const payloadSchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string(), value: z.unknown() }).loose()).max(100) }).loose()).max(100),
});

export interface WebhookContents {
  messages: InboxMessage[];
  statuses: StatusUpdate[];
  /** What was skipped and why, for the log. */
  skipped: string[];
}

function toInbox(raw: z.infer<typeof messageSchema>, name: string | undefined): InboxMessage {
  const base = { kind: "message" as const, id: raw.id, from: raw.from, sentAt: raw.timestamp * 1000, ...(name ? { name } : {}) };
  if (raw.type === "text" && raw.text) return { ...base, type: "text", text: raw.text.body.slice(0, 16_000) };
  if (raw.type === "image" && raw.image) {
    return { ...base, type: "image", image: { mediaId: raw.image.id, mimeType: raw.image.mime_type, caption: raw.image.caption } };
  }
  if (raw.type === "audio" && raw.audio) return { ...base, type: "audio", audio: { mediaId: raw.audio.id, mimeType: raw.audio.mime_type } };
  return { ...base, type: "other" };
}

/**
 * The messages and statuses of a delivery. Only `whatsapp_business_account` deliveries of the `messages` field
 * for our own number count (a Meta app can serve several numbers); everything else is listed in `skipped`.
 */
export function readWebhook(body: unknown, phoneNumberId: string | null, origin?: string): WebhookContents {
  const contents: WebhookContents = { messages: [], statuses: [], skipped: [] };
  const payload = payloadSchema.safeParse(body);
  if (!payload.success) return { ...contents, skipped: ["not a WhatsApp webhook payload"] };
  if (payload.data.object !== "whatsapp_business_account") return { ...contents, skipped: [`object ${payload.data.object}`] };
  for (const change of payload.data.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== "messages") {
      contents.skipped.push(`field ${change.field}`);
      continue;
    }
    const value = valueSchema.safeParse(change.value);
    if (!value.success) {
      contents.skipped.push("malformed value");
      continue;
    }
    const forNumber = value.data.metadata?.phone_number_id;
    if (phoneNumberId && forNumber && forNumber !== phoneNumberId) {
      contents.skipped.push(`another number (${forNumber})`);
      continue;
    }
    const names = new Map((value.data.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
    for (const item of value.data.messages ?? []) {
      const message = messageSchema.safeParse(item);
      if (message.success) contents.messages.push({ ...toInbox(message.data, names.get(message.data.from)), ...(origin ? { origin } : {}) });
      else contents.skipped.push("malformed message");
    }
    for (const item of value.data.statuses ?? []) {
      const status = statusSchema.safeParse(item);
      if (!status.success) {
        contents.skipped.push("malformed status");
        continue;
      }
      const { id, status: state, errors, recipient_id: recipient, timestamp } = status.data;
      const code = errors?.[0]?.code;
      contents.statuses.push({
        id,
        status: state,
        errorCode: code === undefined ? null : String(code),
        ...(recipient && /^\d{6,15}$/.test(recipient) ? { recipient } : {}),
        ...(timestamp ? { at: timestamp * 1000 } : {}),
      });
    }
  }
  return contents;
}

interface QueueEnv {
  WHATSAPP_INBOX?: InboxQueue;
}

/**
 * Hands a delivery to the inbox queue: each message, and the statuses together. Nothing else happens before Meta's
 * 200, so the acknowledgement stays fast however busy the answering side is; the consumer records each wamid once
 * in its number's object (inbox.ts), which is what makes a redelivery harmless. If the queue refuses, the error reaches Meta as a
 * 5xx and Meta delivers again.
 */
export async function enqueueDelivery(env: QueueEnv, contents: WebhookContents): Promise<number> {
  const items: InboxItem[] = [...contents.messages];
  if (contents.statuses.length > 0) items.push({ kind: "statuses", statuses: contents.statuses });
  if (items.length === 0) return 0;
  if (!env.WHATSAPP_INBOX) throw new Error("WHATSAPP_INBOX queue binding is missing");
  await Promise.all(items.map((item) => env.WHATSAPP_INBOX!.send(item)));
  return items.length;
}
