// The auth dialog's open state and step (SPEC §3 authDialog: isOpen false, step 'sign-in'), kept in dialogs.ts with the
// other dialogs so only one is open at a time. Any gated action can call openAuthDialog(); the dialog itself is loaded
// the first time it opens.
import { closeDialog, dialogs, openDialog, useDialogDetail, useIsDialogOpen, type AuthDialogStep } from "./dialogs";

export type { AuthDialogStep } from "./dialogs";

export function openAuthDialog(step: AuthDialogStep = "sign-in") {
  openDialog("auth", { authStep: step });
}

export function setAuthDialogStep(step: AuthDialogStep) {
  dialogs.set((state) => ({ ...state, authStep: step }));
}

/** Closes the dialog and puts it back on its first step for next time. */
export function closeAuthDialog() {
  closeDialog("auth", { authStep: "sign-in" });
}

export function useAuthDialog(): { isOpen: boolean; step: AuthDialogStep } {
  return { isOpen: useIsDialogOpen("auth"), step: useDialogDetail("authStep") };
}
