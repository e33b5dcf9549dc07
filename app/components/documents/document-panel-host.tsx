import { useDialogDetail, useIsDialogOpen, closeDialog } from "~/lib/ui-store";
import { lazyOverlay } from "../ui/lazy-overlay";

const DocumentPanel = lazyOverlay(() => import("./document-panel"), ["documents"]);

/** Where a screen that shows documents (a conversation, the gallery's Files) puts the side panel; it loads when first opened. */
export function DocumentPanelHost() {
  const open = useIsDialogOpen("document");
  const target = useDialogDetail("documentPage");
  if (!target) return null;
  return <DocumentPanel open={open} target={target} onOpenChange={(next) => !next && closeDialog("document")} />;
}
