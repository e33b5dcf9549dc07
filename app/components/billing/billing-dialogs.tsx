// The Pro dialogs of docs/product.md §2, hosted once at the root: the upgrade dialog (any gated place opens it), the
// subscription-success dialog, and docs/product.md §4's after-sign-in paywall. Each dialog's code loads the first time it opens.
import { useLocation } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { openUpgradeDialog, proDialogShownKey, useIsDialogOpen } from "~/lib/ui-store";
import { useRootData } from "~/components/root-data";
import { UpgradeDialogHosted, UpgradeDialogPanel } from "../dialogs/upgrade-dialog";
import { lazyOverlay } from "../ui/lazy-overlay";

const SubscriptionSuccessDialogPanel = lazyOverlay(() => import("./subscription-success-dialog-panel"), ["billing"]);

/** Users this page load has already handled, so a client-side navigation never asks twice. */
const handled = new Set<string>();

/** Pages where the after-sign-in dialog would only get in the way (they are about plans already, or signing in). */
const QUIET_PREFIXES = ["/payment", "/settings/my-plan", "/auth", "/dev"];

/**
 * docs/product.md §4: once per user, a basic-plan user sees the Pro dialog after signing in and after_login_paywall_seen is
 * logged. The server knows whether it is due (users.paywall_seen_at); the browser keeps docs/product.md §3's per-user flag.
 */
function AfterSignInPaywall() {
  const root = useRootData();
  const userId = root?.user?.id ?? null;
  const due = Boolean(root?.paywallDue);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!userId || !due || handled.has(userId)) return;
    if (QUIET_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return;
    handled.add(userId);
    let shownHere = false;
    try {
      shownHere = window.localStorage.getItem(proDialogShownKey(userId)) === "1";
      window.localStorage.setItem(proDialogShownKey(userId), "1");
    } catch {
      // Storage may be unavailable (private mode); the server's record still makes it once per user.
    }
    // Shown on this device before but the server never heard: tell it again without showing it twice.
    if (!shownHere) openUpgradeDialog("paywall");
    void fetch("/api/billing/paywall-seen", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: pathname }),
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => undefined);
  }, [userId, due, pathname]);

  return null;
}

export function BillingDialogs({ children }: { children: ReactNode }) {
  const upgradeOpen = useIsDialogOpen("upgrade");
  const subscriptionSuccessOpen = useIsDialogOpen("subscription-success");
  return (
    <UpgradeDialogHosted.Provider value={true}>
      {children}
      <UpgradeDialogPanel open={upgradeOpen} />
      <SubscriptionSuccessDialogPanel open={subscriptionSuccessOpen} />
      <AfterSignInPaywall />
    </UpgradeDialogHosted.Provider>
  );
}
