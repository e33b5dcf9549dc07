import { useCallback, useRef } from "react";

/**
 * Runs a form's asynchronous send at most once at a time: a second press while the first is still on its way (its
 * schema being fetched, its request in flight) does nothing, so one press makes one job or asks one question.
 */
export function useOnePress(): (send: () => Promise<void>) => Promise<void> {
  const running = useRef(false);
  return useCallback(async (send) => {
    if (running.current) return;
    running.current = true;
    try {
      await send();
    } finally {
      running.current = false;
    }
  }, []);
}
