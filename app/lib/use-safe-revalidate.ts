import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * One waiting request for the whole page, not one per hook: each component calling this hook (the chat, every API
 * action) sees the router go idle in the same commit, and two of them revalidating there made the second abort the
 * first (which the router logs as an AbortError). The first effect to see the router idle takes the request.
 */
let revalidationWaiting = false;

/**
 * Asks for fresh loader data without interrupting data already on its way: a revalidation started while a
 * navigation, fetcher or another revalidation is in flight aborts that one (and the router logs the abort), so the
 * request waits until the router is idle. The returned function keeps its identity across renders.
 */
export function useSafeRevalidate(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = revalidator.state !== "idle" || navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ revalidator, busy });
  latest.current = { revalidator, busy };

  useEffect(() => {
    if (!busy && revalidationWaiting) {
      revalidationWaiting = false;
      latest.current.revalidator.revalidate();
    }
  }, [busy]);

  return useCallback(() => {
    if (latest.current.busy) revalidationWaiting = true;
    else latest.current.revalidator.revalidate();
  }, []);
}
