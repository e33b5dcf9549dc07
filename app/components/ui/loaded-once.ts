import { useEffect, useState } from "react";

/**
 * A module the page loads only when it needs it (decision 0019), once, and reads synchronously once it has arrived.
 * Not React.lazy + Suspense: a page rendered on the server with such a module (a saved thread's answers) loads it
 * before rendering, and the client before hydrating (entry.server / entry.client); a dehydrated Suspense boundary
 * that receives any update before its chunk arrives is thrown away and rendered again (React error #421).
 */
export function loadedOnce<Module>(importModule: () => Promise<Module>) {
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;
  const load = (): Promise<Module> => (loading ??= importModule().then((module) => (loaded = module)));

  /**
   * The module once loaded, or null while it loads (started here when `wanted`). Read at every render, not kept in
   * state, so code that arrived meanwhile shows in the same render as whatever asked for it.
   */
  function useLoaded(wanted = true): Module | null {
    const [, arrived] = useState(false);
    const current = loaded;
    useEffect(() => {
      if (current || !wanted) return;
      let live = true;
      void load().then(() => live && arrived(true));
      return () => {
        live = false;
      };
    }, [current, wanted]);
    return current;
  }

  return { load, useLoaded };
}
