// The Pro and WhatsApp dialogs (SPEC §3 payToPro and whatsApp), opened from any component; dialogs.ts keeps the one
// "which dialog is open" value, so opening one of these closes any other.
import { closeDialog, openDialog, type UpgradeReason } from "./dialogs";

export function openUpgradeDialog(reason: UpgradeReason = "generic") {
  openDialog("upgrade", { upgradeReason: reason });
}

export function closeUpgradeDialog() {
  closeDialog("upgrade");
}

/** The subscription-success dialog (SPEC §2 overlay), opened once the plan is active. */
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

/** SPEC §3 browser-stored preference: this user has been shown the Pro dialog after signing in. */
export function proDialogShownKey(userId: string): string {
  return `pro_dialog_shown:${userId}`;
}
