import { useUiState } from "~/lib/ui-store";
import { lazyOverlay } from "../ui/lazy-overlay";

const UpgradeDialogPanel = lazyOverlay(() => import("./upgrade-dialog-panel"));

/** The upgrade-to-Pro dialog, opened from any gated place through the shared UI state (SPEC §3 payToPro). */
export function UpgradeDialog() {
  const { payToPro } = useUiState();
  return <UpgradeDialogPanel open={payToPro.showUpgradeToProDialog} />;
}
