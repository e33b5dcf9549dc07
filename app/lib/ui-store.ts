// SPEC §3 client state for dialogs: flags in one shared store, so any component can open the upgrade dialog.
import { useSyncExternalStore } from "react";

export interface UiState {
  payToPro: { showUpgradeToProDialog: boolean; showSubscriptionSuccessDialog: boolean };
  /** Why the upgrade dialog opened (shown as its first line). */
  upgradeReason: "credits" | "model" | "whatsapp" | "generic";
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
