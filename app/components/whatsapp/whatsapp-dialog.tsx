import { useIsDialogOpen } from "~/lib/ui-store";
import { lazyOverlay } from "../ui/lazy-overlay";

const WhatsAppDialogPanel = lazyOverlay(() => import("./whatsapp-dialog-panel"), ["whatsapp"]);

/**
 * docs/product.md §2 overlay: the WhatsApp dialog, mounted once in the app shell and opened from anywhere through the shared UI
 * state (docs/product.md §3 whatsApp.isOpen). Its code, the phone number rules and the QR encoder load the first time it opens.
 */
export function WhatsAppDialog() {
  return <WhatsAppDialogPanel open={useIsDialogOpen("whatsapp")} />;
}
