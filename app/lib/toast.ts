// Toasts without putting the toast library in the first page load: the Toaster mounts on the first toast
// (docs/product.md §2: overlays load the first time they are used), and each toast waits until it is listening.
import { createStore } from "./store";

type Kind = "success" | "error" | "info";

/** Whether any toast was asked for yet: the Toaster mounts once it is. */
const wanted = createStore(false);
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Optional extras passed to sonner: a button in the toast (e.g. "View" a finished creation). */
export interface NotifyOptions {
  action?: { label: string; onClick: () => void };
}

export function notify(kind: Kind, message: string, options?: NotifyOptions) {
  wanted.set(true);
  void ready.then(() => import("sonner")).then(({ toast }) => toast[kind](message, options));
}

/**
 * Fetches the toast library ahead of the first toast, without showing anything. Called on a person's first
 * interaction: a toast that has to say "you appear to be offline" could not fetch the library at that moment.
 */
export function warmToasts(): void {
  void import("sonner").catch(() => undefined);
}

/** For the Toaster host: whether any toast was asked for yet (useStore), and the signal that it is listening. */
export const toasterDemand = {
  wanted,
  /** Called once the Toaster is mounted and subscribed. */
  ready: () => markReady(),
};
