import { lazy, Suspense, type ComponentType } from "react";
import type { Namespace } from "~/lib/i18n";
import { preloadStrings } from "~/lib/strings";

/**
 * docs/product.md §2: overlays load the first time they are opened. Wraps a dialog module so its code (and Radix's)
 * is fetched only when `open` first becomes true, keeping the first page light. `strings`: namespaces the overlay
 * shows that the page may not have, fetched with its code (decision 0019).
 */
export function lazyOverlay<Props extends { open: boolean }>(load: () => Promise<{ default: ComponentType<Props> }>, strings: Namespace[] = []) {
  const Panel = lazy(() => Promise.all([load(), preloadStrings(strings)]).then(([module]) => module)) as unknown as ComponentType<Props>;
  let requested = false;
  return function LazyOverlay(props: Props) {
    if (!props.open && !requested) return null;
    requested = true;
    return (
      <Suspense fallback={null}>
        <Panel {...props} />
      </Suspense>
    );
  };
}
