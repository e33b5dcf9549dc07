/** docs/product.md §8: noisy browser errors that are never reported. */
export const IGNORED_ERRORS = ["Script error", "ResizeObserver loop completed with undelivered notifications"] as const;

export function isIgnoredError(message: string | undefined | null): boolean {
  if (!message) return false;
  return IGNORED_ERRORS.some((noise) => message.includes(noise));
}
