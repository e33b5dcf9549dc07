// What the webhook worker hands to the inbox queue: each WhatsApp message (only what answering needs, already
// checked, so the consumer never reads Meta's payload again) and the delivery statuses of our replies. One schema
// for both sides: the webhook worker builds values of its inferred type (webhook.ts), the app worker's consumer
// parses each queue body with it (inbox.ts), so the two cannot drift apart.
import * as z from "zod";

export const inboxMessageSchema = z.object({
  kind: z.literal("message").optional(),
  /** The message's wamid: recorded once in its number's object when the consumer claims it (inbox.ts). */
  id: z.string().min(1).max(256),
  /** The sender's number as WhatsApp gives it (`wa_id`, international digits). */
  from: z.string().regex(/^\d{6,15}$/),
  /** When the user sent it (epoch ms, from Meta's `timestamp`): the 24-hour reply window counts from here. */
  sentAt: z.number().int().positive(),
  /** The sender's WhatsApp profile name, if Meta sent one. */
  name: z.string().max(256).optional(),
  type: z.enum(["text", "image", "audio", "other"]),
  text: z.string().max(16_000).optional(),
  image: z.object({ mediaId: z.string().min(1).max(128), mimeType: z.string().max(64).optional(), caption: z.string().max(4096).optional() }).optional(),
  /** A voice note or audio file: transcribed and answered (decision 0025). */
  audio: z.object({ mediaId: z.string().min(1).max(128), mimeType: z.string().max(64).optional() }).optional(),
  /** The origin the webhook was called on: the app's address in replies when APP_ORIGIN is not set (locally). */
  origin: z.url().max(256).optional(),
});

export const inboxStatusesSchema = z.object({
  kind: z.literal("statuses"),
  statuses: z
    .array(
      z.object({
        id: z.string().min(1).max(256),
        status: z.enum(["sent", "delivered", "read", "failed"]),
        errorCode: z.string().max(64).nullable(),
        /** The number the reply went to: whose object records the status (number-object.ts). */
        recipient: z
          .string()
          .regex(/^\d{6,15}$/)
          .optional(),
        /** When Meta reports it happened (epoch ms): a delivery after a billing error resumes replies (billing-pause.ts). */
        at: z.number().int().positive().optional(),
      }),
    )
    .max(100),
});

export type InboxMessage = z.infer<typeof inboxMessageSchema>;
export type InboxStatuses = z.infer<typeof inboxStatusesSchema>;
/** A delivery status of one of our replies, as Meta reported it. */
export type StatusUpdate = InboxStatuses["statuses"][number];
export type InboxItem = InboxMessage | InboxStatuses;
/** The `WHATSAPP_INBOX` queue binding, as both workers see it (the webhook worker produces, the app worker consumes). */
export interface InboxQueue {
  send(body: InboxItem): Promise<unknown>;
}
