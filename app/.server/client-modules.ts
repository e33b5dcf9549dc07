// Scripts the client imports before it hydrates that the build does not preload (vite.config.ts's `clientModules`,
// decision 0019): the server names them so a page asks for them with the rest of its scripts, not after them.
// Empty under the development server, where imports are not fingerprinted and need no hint.
import { markdownRenderer, strings } from "virtual:client-modules";
import type { Locale } from "../lib/constants";

/**
 * What the layout and the answer lists preload: the page's language strings by namespace (the layout names those of
 * the shell and the page's routes), and the markdown renderer's files.
 */
export function clientPreloads(locale: Locale) {
  return { strings: strings[locale] ?? {}, markdownRenderer };
}
