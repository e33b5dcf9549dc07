// Creations being made, watched from anywhere in the app: a tool page adds its new job, the main layout's
// watcher polls until it finishes and toasts, even after the person moved to another screen. The list lives in
// sessionStorage, so a reload of the tab keeps watching. Tiny on purpose: it is part of every page's layout.
import type { JobStatus, JobView } from "./jobs";
import type { ImageTool } from "./schemas/images";
import { createStore, useStore } from "./store";

export interface WatchedJob {
  id: string;
  tool: ImageTool;
}

const KEY = "image-jobs:watching";
/** Empty on the server and while the page hydrates (useStore renders with it then); the tab's list right after. */
const watched = createStore<WatchedJob[]>([]);
/** The latest state the watcher learnt of a job (published to the tool pages, not kept for anyone). */
const latestUpdate = createStore<JobView | null>(null);

function fromStorage(): WatchedJob[] {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? "[]") as unknown;
    return Array.isArray(stored) ? stored.filter((item): item is WatchedJob => typeof item?.id === "string" && typeof item?.tool === "string") : [];
  } catch {
    return [];
  }
}
if (typeof window !== "undefined") watched.set(fromStorage());

function write(next: WatchedJob[]) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage may be blocked; watching still works until the tab is reloaded.
  }
  watched.set(next);
}

/** Starts watching the unfinished ones of these jobs. */
export function watchJobs(jobs: { id: string; tool: ImageTool; status: JobStatus }[]) {
  const current = watched.get();
  const fresh = jobs.filter((job) => (job.status === "queued" || job.status === "running") && !current.some((item) => item.id === job.id));
  if (fresh.length > 0) write([...current, ...fresh.map(({ id, tool }) => ({ id, tool }))]);
}

export function unwatchJob(id: string) {
  const current = watched.get();
  if (current.some((item) => item.id === id)) write(current.filter((item) => item.id !== id));
}

export function watchedJobs(): WatchedJob[] {
  return watched.get();
}

/** Whether any creation is being watched (the layout loads the poller only then). */
export function useAnyJobWatched(): boolean {
  return useStore(watched, (jobs) => jobs.length > 0);
}

/** The watcher tells the pages what it learnt, so a tool page shows progress and results without polling itself. */
export function publishJobUpdate(job: JobView) {
  latestUpdate.set(job);
}

export function onJobUpdate(listener: (job: JobView) => void) {
  return latestUpdate.subscribe(() => {
    const job = latestUpdate.get();
    if (job) listener(job);
  });
}
