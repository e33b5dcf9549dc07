// What the webhook worker hands to the inbox queue: each WhatsApp message (only what answering needs, already
// checked, so the consumer never reads Meta's payload again) and the delivery statuses of our replies.
export type InboxItem = InboxMessage | InboxStatuses;

export interface InboxStatuses {
  kind: "statuses";
  statuses: { id: string; status: "sent" | "delivered" | "read" | "failed"; errorCode: string | null }[];
}

export interface InboxMessage {
  kind?: "message";
  /** The message's wamid: recorded once in D1 by the webhook worker. */
  id: string;
  /** The sender's number as WhatsApp gives it (`wa_id`, international digits). */
  from: string;
  /** When the user sent it (epoch ms, from Meta's `timestamp`): the 24-hour reply window counts from here. */
  sentAt: number;
  /** The sender's WhatsApp profile name, if Meta sent one. */
  name?: string;
  type: "text" | "image" | "audio" | "other";
  text?: string;
  image?: { mediaId: string; mimeType?: string; caption?: string };
  /** A voice note or audio file: transcribed and answered (decision 0025). */
  audio?: { mediaId: string; mimeType?: string };
  /** The origin the webhook was called on: the app's address in replies when APP_ORIGIN is not set (locally). */
  origin?: string;
}
