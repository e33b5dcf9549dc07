// The auth dialog's open flag and step (SPEC §3 authDialog: isOpen false, step 'sign-in'). Any gated action can
// call openAuthDialog(); the dialog itself is loaded the first time it opens.
import { useSyncExternalStore } from "react";

export const AUTH_DIALOG_STEPS = ["sign-in", "sign-up", "forgot-password", "email-link"] as const;
export type AuthDialogStep = (typeof AUTH_DIALOG_STEPS)[number];

export interface AuthDialogState {
  isOpen: boolean;
  step: AuthDialogStep;
}

const INITIAL: AuthDialogState = { isOpen: false, step: "sign-in" };
let state: AuthDialogState = INITIAL;
const listeners = new Set<() => void>();

function set(next: AuthDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openAuthDialog(step: AuthDialogStep = "sign-in") {
  set({ isOpen: true, step });
}

export function setAuthDialogStep(step: AuthDialogStep) {
  set({ ...state, step });
}

export function closeAuthDialog() {
  set(INITIAL);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  );
}
