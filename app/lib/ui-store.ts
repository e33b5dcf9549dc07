// SPEC §3 client state for dialogs: flags in one shared store, so any component can open the upgrade or WhatsApp dialog.
import { useSyncExternalStore } from "react";

export interface UiState {
  payToPro: { showUpgradeToProDialog: boolean; showSubscriptionSuccessDialog: boolean };
  /** Why the upgrade dialog opened (shown as its first line); "paywall" is SPEC §4's after-sign-in dialog. */
  upgradeReason: "credits" | "model" | "whatsapp" | "paywall" | "generic";
  /** SPEC §3 whatsApp slice: the WhatsApp dialog (link a number, then chat there). */
  whatsApp: { isOpen: boolean };
}

let state: UiState = {
  payToPro: { showUpgradeToProDialog: false, showSubscriptionSuccessDialog: false },
  upgradeReason: "generic",
  whatsApp: { isOpen: false },
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

/** Opens the WhatsApp dialog; a Pro dialog listing it as a benefit (where it can be opened from) closes first. */
export function openWhatsAppDialog() {
  update({ ...state, payToPro: { showUpgradeToProDialog: false, showSubscriptionSuccessDialog: false }, whatsApp: { isOpen: true } });
}

export function closeWhatsAppDialog() {
  update({ ...state, whatsApp: { isOpen: false } });
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
