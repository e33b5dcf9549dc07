// Notifications' part of an account (decision 0034, decision 0042): the browsers that allowed web push and
// the person's switches for each kind of notification.
import { accountPart } from "../account/part";
import { accountSchema } from "../account/schema";
import { pushToDevices, sendToDevices } from "./push";
import { subscriptionOperations } from "./subscriptions";
import type { NotificationKind, PushMessage } from "./types";

export const notificationsPart = accountPart({
  name: "notifications",
  tables: [
    {
      table: accountSchema.pushSubscriptions,
      export: { archive: ["notifications.json"] },
      quota: { notCounted: "at most 20 short rows" },
      handOver: { notHandedOver: "a visitor cannot turn notifications on" },
    },
    {
      table: accountSchema.notificationSwitches,
      export: { archive: ["notifications.json"] },
      quota: { notCounted: "one row per kind" },
      handOver: { notHandedOver: "a visitor has no settings" },
    },
  ],
  folders: [],
  operations: {
    ...subscriptionOperations,
    /** For callers outside the object (the image and export jobs): a push of `kind`, if its switch is on. */
    "notifications.push": (account, input: { kind: NotificationKind; message: PushMessage }) => pushToDevices(account, input.kind, input.message),
    /** Settings › Notifications' "Send a test notification": every device, whatever the switches. */
    "notifications.test": (account, message: PushMessage) => sendToDevices(account, message),
  },
});
