import { createContext, useContext } from "react";
import { useIsDialogOpen } from "~/lib/ui-store";
import { lazyOverlay } from "../ui/lazy-overlay";

export const UpgradeDialogPanel = lazyOverlay(() => import("./upgrade-dialog-panel"), ["billing"]);

/** True inside the root's BillingDialogs, which already renders the one upgrade dialog for every page. */
export const UpgradeDialogHosted = createContext(false);

/**
 * The upgrade-to-Pro dialog, opened from any gated place through the shared UI state (docs/product.md §3 payToPro). The root
 * hosts it for every page; a screen that also places one (to work outside that host) renders nothing inside it, so
 * the dialog never opens twice.
 */
export function UpgradeDialog() {
  const hosted = useContext(UpgradeDialogHosted);
  const open = useIsDialogOpen("upgrade");
  if (hosted) return null;
  return <UpgradeDialogPanel open={open} />;
}
