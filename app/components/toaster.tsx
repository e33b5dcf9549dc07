import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { TOASTS, type Theme } from "~/lib/constants";
import { toasterDemand } from "~/lib/toast";

const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Runs after its earlier sibling (the Toaster) has subscribed to toasts. */
function ReadySignal() {
  useEffect(() => {
    toasterDemand.ready();
  }, []);
  return null;
}

/** SPEC §2/§9 toast area: bottom-right, 3 visible, 4000 ms, 356 px wide, 14 px gap, Alt+T expands. */
export function Toaster({ theme }: { theme: Theme }) {
  const wanted = useSyncExternalStore(toasterDemand.subscribe, toasterDemand.wanted, () => false);
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
