import { useMatches } from "@remix-run/react";
import { isNamespace } from "~/lib/i18n";

/** The namespaces the matched routes name in `handle.i18n` (the root route names the shell's). */
function useRouteNamespaces() {
  const named = useMatches().flatMap((match) => (match.handle as { i18n?: unknown } | undefined)?.i18n ?? []);
  return [...new Set(named as unknown[])].filter(isNamespace);
}

/**
 * `<link rel="modulepreload">` for the strings entry.client loads before it hydrates (decision 0019): the same
 * namespaces, from the matched routes' handles, so the browser asks for them with the page's other scripts.
 */
export function StringsPreloads({ files = {} }: { files?: Partial<Record<string, string>> }) {
  const namespaces = useRouteNamespaces();
  return <>{namespaces.map((namespace) => (files[namespace] ? <link key={namespace} rel="modulepreload" href={files[namespace]} /> : null))}</>;
}
