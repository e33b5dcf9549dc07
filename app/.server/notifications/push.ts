// Placeholder: the push helper's module replaces this file at merge; it keeps the signature schedules call.
import type { AccountContext } from "../account/schema";
import type { NotificationKind, PushMessage, PushOutcome } from "./types";

export async function pushToDevices(
  _account: AccountContext,
  _kind: NotificationKind,
  _message: PushMessage,
): Promise<PushOutcome> {
  return { sent: 0, removed: 0, skipped: "no-devices" };
}
