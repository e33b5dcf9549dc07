// SPEC §3 client state for dialogs: flags in one shared store, so any component can open the upgrade dialog.
import { useSyncExternalStore } from "react";

export interface UiState {
  payToPro: { showUpgradeToProDialog: boolean; showSubscriptionSuccessDialog: boolean };
  /** Why the upgrade dialog opened (shown as its first line); "paywall" is SPEC §4's after-sign-in dialog. */
  upgradeReason: "credits" | "model" | "whatsapp" | "paywall" | "generic";
}

let state: UiState = {
  payToPro: { showUpgradeToProDialog: false, showSubscriptionSuccessDialog: false },
  upgradeReason: "generic",
};
const listeners = new Set<() => void>();

function update(next: UiState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openUpgradeDialog(reason: UiState["upgradeReason"] = "generic") {
  update({ ...state, upgradeReason: reason, payToPro: { ...state.payToPro, showUpgradeToProDialog: true } });
}

export function closeUpgradeDialog() {
  update({ ...state, payToPro: { ...state.payToPro, showUpgradeToProDialog: false } });
}

/** The subscription-success dialog (SPEC §2 overlay), opened once the plan is active. */
export function showSubscriptionSuccessDialog() {
  update({ ...state, payToPro: { showUpgradeToProDialog: false, showSubscriptionSuccessDialog: true } });
}

export function closeSubscriptionSuccessDialog() {
  update({ ...state, payToPro: { ...state.payToPro, showSubscriptionSuccessDialog: false } });
}

/** SPEC §3 browser-stored preference: this user has been shown the Pro dialog after signing in. */
export function proDialogShownKey(userId: string): string {
  return `pro_dialog_shown:${userId}`;
}

export function useUiState(): UiState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
