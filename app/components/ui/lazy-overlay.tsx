import { lazy, Suspense, type ComponentType } from "react";

/**
 * docs/product.md §2: overlays load the first time they are opened. Wraps a dialog module so its code (and Radix's)
 * is fetched only when `open` first becomes true, keeping the first page light.
 */
export function lazyOverlay<Props extends { open: boolean }>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const Panel = lazy(load) as unknown as ComponentType<Props>;
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
