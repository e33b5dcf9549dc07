// What a notification says, whichever way it reaches the person (web push, e-mail, WhatsApp). The schedules
// (decision on schedules), the image jobs, the data export, an answer finished with its tab closed and deep research
// all speak this one shape, so the push module and its senders agree on it.

/** Why the person is notified; each kind except "schedule" is a switch in Settings › Notifications. */
export type NotificationKind = "schedule" | "image-ready" | "export-ready" | "answer-finished" | "research-done";

/** The service worker shows `title` and `body` and opens `url` (a path of this app) on a click. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  /** Replaces an earlier notification with the same tag on the device, instead of stacking. */
  tag?: string;
}

/** What a push to an account's devices did: sent to how many, how many subscriptions the push service said were gone. */
export interface PushOutcome {
  sent: number;
  removed: number;
  /** Nothing was sent: the person switched this kind off, or has no device. */
  skipped?: "switched-off" | "no-devices";
}
