import { lazy, Suspense } from "react";
import { useAnyJobWatched } from "~/lib/job-watch";

const JobWatcher = lazy(() => import("./job-watcher"));

/**
 * Sits in the main layout. Loads the poller only while a creation is being made, so pages without one (the chat's
 * first visit included) carry no more than this.
 */
export function JobWatcherHost() {
  const active = useAnyJobWatched();
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <JobWatcher />
    </Suspense>
  );
}
