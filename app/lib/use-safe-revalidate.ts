import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

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
  const pending = useRef(false);

  useEffect(() => {
    if (!busy && pending.current) {
      pending.current = false;
      latest.current.revalidator.revalidate();
    }
  }, [busy]);

  return useCallback(() => {
    if (latest.current.busy) pending.current = true;
    else latest.current.revalidator.revalidate();
  }, []);
}
