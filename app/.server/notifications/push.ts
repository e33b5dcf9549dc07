// Web push to every device of an account (decision 0042): the payload is encrypted to each browser's keys
// (aes128gcm, RFC 8291) and the request signed with the app's VAPID key (RFC 8292) by @block65/webcrypto-web-push,
// which needs only WebCrypto (@pushforge/builder 2.0.5 encrypts with the older "aesgcm" draft, which RFC 8291 replaced). Runs inside the account's object: the schedules, an answer that finished unread and, through the
// `notifications.push` operation, the image and export jobs call it. A device the push service says is gone (404 or
// 410) is forgotten; any other failure leaves it for the next push.
import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { NotificationSwitch } from "../../lib/schemas/notifications";
import type { AccountContext } from "../account/schema";
import { now } from "../clock";
import { loadConfig } from "../env";
import type { VapidKeys } from "./config";
import { endpointProblem } from "./endpoint";
import { markDelivered, removeSubscriptions, subscriptionsOf, switchesOf, type StoredSubscription } from "./subscriptions";
import type { NotificationKind, PushMessage, PushOutcome } from "./types";

/** A push service that has not answered by then is given up on for this push (the device stays). */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a device that is offline (seconds). */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

type Delivery = "sent" | "gone" | "failed";

async function deliver(subscription: StoredSubscription, message: PushMessage, keys: VapidKeys, devServiceOrigin: string | null): Promise<Delivery> {
  // Checked again at sending: a row saved under another configuration is never a way into a private network.
  if (endpointProblem(subscription.endpoint, devServiceOrigin)) return "failed";
  const endpoint = new URL(subscription.endpoint);
  // The local push service (development and tests only) stands for an HTTPS one reached over plain HTTP on this machine:
  // the request is built for its https: origin (the VAPID audience) and sent to its own address.
  const local = devServiceOrigin !== null && endpoint.origin === devServiceOrigin && endpoint.protocol === "http:";
  const built = await buildPushPayload(
    { data: { ...message }, options: { ttl: PUSH_TTL_SECONDS, urgency: "normal" } },
    {
      endpoint: local ? `https:${subscription.endpoint.slice("http:".length)}` : subscription.endpoint,
      expirationTime: null,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    keys,
  );
  try {
    const response = await fetch(subscription.endpoint, {
      method: "POST",
      headers: built.headers,
      body: built.body,
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return "gone";
    return response.ok ? "sent" : "failed";
  } catch (error) {
    console.warn("push: not delivered", endpoint.origin, error instanceof Error ? error.message : "unknown error");
    return "failed";
  }
}

/** Sends `message` to every device of the account, whatever its switches say (the Settings page's test notification). */
export async function sendToDevices(account: AccountContext, message: PushMessage): Promise<PushOutcome> {
  const { push } = loadConfig(account.env);
  const subscriptions = subscriptionsOf(account.db);
  if (!push.vapid || subscriptions.length === 0) return { sent: 0, removed: 0, skipped: "no-devices" };
  const keys = push.vapid;
  const results = await Promise.all(subscriptions.map((subscription) => deliver(subscription, message, keys, push.devServiceOrigin)));
  const ids = (wanted: Delivery) => subscriptions.filter((_, index) => results[index] === wanted).map((subscription) => subscription.id);
  const sent = ids("sent");
  markDelivered(account.db, sent, now());
  const removed = removeSubscriptions(account.db, ids("gone"));
  return { sent: sent.length, removed };
}

/** Sends `message` to every device of the account, unless the person switched this kind off in Settings › Notifications. */
export async function pushToDevices(account: AccountContext, kind: NotificationKind, message: PushMessage): Promise<PushOutcome> {
  if (kind !== "schedule" && !switchesOf(account.db)[kind satisfies NotificationSwitch]) return { sent: 0, removed: 0, skipped: "switched-off" };
  return sendToDevices(account, message);
}
