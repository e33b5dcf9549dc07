// The auth dialog (docs/product.md §3 authDialog: isOpen false, step 'sign-in'), under the name gated actions import it by. Its
// state is ui-store.ts's one "which dialog is open" value, so opening it closes any other dialog. Re-exports only, so
// the bundle has no separate chunk for it.
export { closeAuthDialog, openAuthDialog, setAuthDialogStep, useAuthDialog, type AuthDialogStep } from "./ui-store";
