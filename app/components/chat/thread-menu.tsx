import { lazy, Suspense, useState } from "react";
// Type only: erased from the bundle, so the panel still loads on first open.
import type { ThreadMenuProps } from "./thread-menu-panel";
import { Button } from "~/components/ui/button";

// The menu (and Radix's dropdown code) loads the first time one is opened (docs/product.md §2 overlays). Until then, and while
// it loads, a plain button of the same look stands in; it is never rendered on the server, so there is no Suspense
// boundary to hydrate.
const ThreadMenuPanel = lazy(() => import("./thread-menu-panel"));

/** "Export as Markdown / JSON" (and "Share" where offered) for one thread: the header's Export and each history item. */
export function ThreadMenu(props: ThreadMenuProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const plain = (
    <Button
      type="button"
      variant="unstyled"
      className={props.className}
      aria-label={props.label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setRequested(true);
        setOpen(true);
      }}
    >
      {props.children}
    </Button>
  );
  if (!requested) return plain;
  return (
    <Suspense fallback={plain}>
      <ThreadMenuPanel {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
