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
  /**
   * Loads the module, or joins the load under way. A load that failed (the chunk could not be fetched: offline, a
   * dropped connection) is forgotten, so the next call fetches it again instead of answering the same failure until
   * the page is reloaded.
   */
  const load = (): Promise<Module> =>
    (loading ??= importModule().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

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
      const attempt = () =>
        load().then(
          () => live && arrived(true),
          // Not fetched (offline): asked for again when the browser is back online.
          () => live && window.addEventListener("online", attempt, { once: true }),
        );
      void attempt();
      return () => {
        live = false;
        window.removeEventListener("online", attempt);
      };
    }, [current, wanted]);
    return current;
  }

  return { load, useLoaded };
}
