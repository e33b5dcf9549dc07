// A job's view on a settings screen that follows the job while it works (the data export, the ChatGPT import): the
// loader's view first, then the endpoint's answers. One copy of the loop both screens had written.
import { useEffect, useState } from "react";
import { callApi } from "~/lib/api-client";

/**
 * While `isActive(view)`, asks `endpoint` again `everyMs` after each answer (a slow answer never stacks up requests)
 * and shows `pick(answer)` (a function declared once, outside the component, so that it does not restart the loop). A failed ask (offline for a moment) is simply asked again. A new loader view replaces it.
 */
export function usePolledView<View, Answer extends object>(
  initial: View,
  { endpoint, everyMs, isActive, pick }: { endpoint: string; everyMs: number; isActive: (view: View) => boolean; pick: (answer: Answer) => View },
) {
  const [view, setView] = useState(initial);
  useEffect(() => setView(initial), [initial]);
  const active = isActive(view);
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const answer = await callApi<Answer>(endpoint);
      if (!stopped && answer.ok) setView(pick(answer.data));
      if (!stopped) timer = setTimeout(poll, everyMs);
    };
    timer = setTimeout(poll, everyMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, endpoint, everyMs, pick]);
  return [view, setView] as const;
}
