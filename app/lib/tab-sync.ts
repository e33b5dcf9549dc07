// The "app-state" BroadcastChannel between open tabs (see components/state-sync.tsx).

export const STATE_CHANNEL = "app-state";

export type StateMessage =
  /** A tab's view of the account (name, photo, plan, language, theme); a different one makes the receiver reload its data. */
  | { type: "state"; fingerprint: string }
  /** A new tab asks the open ones for their state. */
  | { type: "request" }
  /** Something changed that the fingerprint does not show (a chat renamed or shared, a plan cancelled). */
  | { type: "changed" };

/** Tells the other open tabs that this one changed something on the server (called after API posts). */
export function announceChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  try {
    const channel = new BroadcastChannel(STATE_CHANNEL);
    channel.postMessage({ type: "changed" } satisfies StateMessage);
    channel.close();
  } catch {
    // Without cross-tab messaging each tab still shows its own changes.
  }
}
