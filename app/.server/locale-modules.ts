// Where the client build put each language's strings (vite.config.ts's `localeModules`), so a page can ask for its
// language's script with the rest of its scripts instead of after them (decision 0019). Empty under the
// development server, where the import is not fingerprinted and needs no hint.
import files from "virtual:locale-modules";
import type { Locale } from "../lib/constants";

export function localeModuleUrl(locale: Locale): string | null {
  return files[locale] ?? null;
}
