// docs/product.md §9's toast swipe distance (45 px) and removal delay (200 ms) are constants inside sonner that its Toaster takes
// no prop for. Rather than rely on sonner's defaults happening to match, the build writes our values
// (app/lib/constants.ts TOASTS) into sonner's code, and fails when an upgrade of sonner no longer declares them.
import type { Plugin } from "vite";
import { TOASTS } from "./app/lib/constants";

/** sonner's constant names, with the docs/product.md §9 value each must have. */
export const SONNER_CONSTANTS: Record<string, number> = {
  SWIPE_THRESHOLD: TOASTS.swipeThresholdPx,
  TIME_BEFORE_UNMOUNT: TOASTS.removeDelayMs,
};

/** `code` (sonner's dist module) with each constant set to its value; throws when one is not declared. */
export function setSonnerConstants(code: string, values: Record<string, number> = SONNER_CONSTANTS): string {
  let result = code;
  for (const [name, value] of Object.entries(values)) {
    const declaration = new RegExp(`\\bconst ${name} = [\\d.]+;`);
    if (!declaration.test(result)) throw new Error(`toast-settings: sonner no longer declares ${name}; set docs/product.md §9's value another way`);
    result = result.replace(declaration, `const ${name} = ${value};`);
  }
  return result;
}

const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;

/** The Vite plugin; `npm run dev` serves sonner unbundled (vite.config.ts optimizeDeps) so it applies there too. */
export function toastSettings(): Plugin {
  return {
    name: "toast-settings",
    enforce: "pre",
    transform(code, id) {
      if (!SONNER_MODULE.test(id.split("?")[0] ?? "")) return undefined;
      return { code: setSonnerConstants(code), map: null };
    },
  };
}
