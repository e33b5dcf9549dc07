// Which dialog is open (SPEC §3's payToPro, whatsApp and authDialog slices as one value): at most one at a time, so
// opening one closes the others without each caller closing them by hand. ui-store.ts and auth-dialog.ts are the
// names the rest of the app calls; each dialog's code loads the first time it opens.
import { createStore, useStore } from "./store";

export const AUTH_DIALOG_STEPS = ["sign-in", "sign-up", "forgot-password", "email-link"] as const;
export type AuthDialogStep = (typeof AUTH_DIALOG_STEPS)[number];

export type DialogName = "upgrade" | "subscription-success" | "whatsapp" | "auth";
/** Why the upgrade dialog opened (shown as its first line); "paywall" is SPEC §4's after-sign-in dialog. */
export type UpgradeReason = "credits" | "model" | "whatsapp" | "paywall" | "generic";

export interface DialogState {
  openDialog: DialogName | null;
  /** Kept after the upgrade dialog closes, so its text does not change while it fades out. */
  upgradeReason: UpgradeReason;
  /** The auth dialog's step (SPEC §3 authDialog.step, 'sign-in' at first). */
  authStep: AuthDialogStep;
}

export const dialogs = createStore<DialogState>({ openDialog: null, upgradeReason: "generic", authStep: "sign-in" });

/** Opens `name`, closing whichever dialog was open; `details` sets its reason or step. */
export function openDialog(name: DialogName, details: Partial<Omit<DialogState, "openDialog">> = {}) {
  dialogs.set((state) => ({ ...state, ...details, openDialog: name }));
}

/** Closes `name` if it is the open one: a late close never shuts the dialog that replaced it. */
export function closeDialog(name: DialogName, details: Partial<Omit<DialogState, "openDialog">> = {}) {
  dialogs.set((state) => (state.openDialog === name ? { ...state, ...details, openDialog: null } : state));
}

export function useIsDialogOpen(name: DialogName): boolean {
  return useStore(dialogs, (state) => state.openDialog === name);
}

export function useDialogDetail<K extends keyof Omit<DialogState, "openDialog">>(key: K): DialogState[K] {
  return useStore(dialogs, (state) => state[key]);
}
