import { lazy, Suspense, useEffect } from "react";
import { TOASTS, type Theme } from "~/lib/constants";
import { useStore } from "~/lib/store";
import { toasterDemand, warmToasts } from "~/lib/toast";

/** What counts as a person's first interaction (typing, clicking, tapping), after which the toast library is fetched. */
const FIRST_INTERACTION = ["focusin", "pointerdown", "keydown"] as const;

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Runs after its earlier sibling (the Toaster) has subscribed to toasts. */
function ReadySignal() {
  useEffect(() => {
    toasterDemand.ready();
  }, []);
  return null;
}

/**
 * docs/product.md §2/§9 toast area: bottom-right, 3 visible, 4000 ms, 356 px wide, 14 px gap, Alt+T expands. The swipe distance
 * and removal delay have no prop: the build writes them into sonner (vite.toast-settings.ts).
 */
export function Toaster({ theme }: { theme: Theme }) {
  const wanted = useStore(toasterDemand.wanted);
  // Not with the page (decision 0019: overlays load when first used), but once someone starts using it: then a toast
  // can still appear when the connection has gone (docs/product.md §8 network-request-failed).
  useEffect(() => {
    const warm = () => {
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, warm, true);
      warmToasts();
    };
    for (const type of FIRST_INTERACTION) document.addEventListener(type, warm, true);
    return () => {
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, warm, true);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="bottom-right"
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        gap={TOASTS.gapPx}
        hotkey={["altKey", "KeyT"]}
        theme={theme}
        closeButton
        style={{ "--width": `${TOASTS.widthPx}px` } as React.CSSProperties}
      />
      <ReadySignal />
    </Suspense>
  );
}
