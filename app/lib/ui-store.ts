// Which dialog is open (docs/product.md §3's payToPro, whatsApp and authDialog slices as one value): at most one at a time, so
// opening one closes the others without each caller closing them by hand. Any component opens the Pro, WhatsApp and
// auth dialogs through the functions here (auth-dialog.ts names the auth ones); each dialog's code loads the first
// time it opens.
import type { DocumentView } from "./documents";
import { createStore, useStore } from "./store";

export type AuthDialogStep = "sign-in" | "sign-up" | "forgot-password" | "email-link";

export type DialogName = "upgrade" | "subscription-success" | "whatsapp" | "auth" | "document";
/** Why the upgrade dialog opened (shown as its first line); "paywall" is docs/product.md §4's after-sign-in dialog. */
export type UpgradeReason = "credits" | "model" | "whatsapp" | "paywall" | "generic";

export interface DialogState {
  openDialog: DialogName | null;
  /** Kept after the upgrade dialog closes, so its text does not change while it fades out. */
  upgradeReason: UpgradeReason;
  /** The auth dialog's step (docs/product.md §3 authDialog.step, 'sign-in' at first). */
  authStep: AuthDialogStep;
  /** The document side panel's document and page (a citation's or a file's); kept while it fades out. */
  documentPage: DocumentPage | null;
}

/** A page of a document to show, and the answer's words its citation backs (highlighted on the page when found). */
export interface DocumentPage {
  document: DocumentView;
  page: number;
  context: string | null;
  /** Cited in a shared conversation: read through its link, which serves the cited page alone (no file, no paging). */
  shared?: { shareId: string; name: string | null };
}

export const dialogs = createStore<DialogState>({ openDialog: null, upgradeReason: "generic", authStep: "sign-in", documentPage: null });

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

export function openUpgradeDialog(reason: UpgradeReason = "generic") {
  openDialog("upgrade", { upgradeReason: reason });
}

export function closeUpgradeDialog() {
  closeDialog("upgrade");
}

/** The subscription-success dialog (docs/product.md §2 overlay), opened once the plan is active. */
export function showSubscriptionSuccessDialog() {
  openDialog("subscription-success");
}

export function closeSubscriptionSuccessDialog() {
  closeDialog("subscription-success");
}

/** Opens the WhatsApp dialog; a Pro dialog listing it as a benefit (where it can be opened from) closes. */
export function openWhatsAppDialog() {
  openDialog("whatsapp");
}

export function closeWhatsAppDialog() {
  closeDialog("whatsapp");
}

/** docs/product.md §3 browser-stored preference: this user has been shown the Pro dialog after signing in. */
export function proDialogShownKey(userId: string): string {
  return `pro_dialog_shown:${userId}`;
}

export function openAuthDialog(step: AuthDialogStep = "sign-in") {
  openDialog("auth", { authStep: step });
}

export function setAuthDialogStep(step: AuthDialogStep) {
  dialogs.set((state) => ({ ...state, authStep: step }));
}

/** Closes the auth dialog and puts it back on its first step for next time. */
export function closeAuthDialog() {
  closeDialog("auth", { authStep: "sign-in" });
}

export function useAuthDialog(): { isOpen: boolean; step: AuthDialogStep } {
  return { isOpen: useIsDialogOpen("auth"), step: useDialogDetail("authStep") };
}

/** Opens the document side panel at `target`'s page (a citation in an answer, a file chip, the gallery's Files). */
export function openDocumentPanel(target: DocumentPage) {
  openDialog("document", { documentPage: target });
}
