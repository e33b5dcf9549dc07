// Creations being made, watched from anywhere in the app: a tool page adds its new job, the main layout's
// watcher polls until it finishes and toasts, even after the person moved to another screen. The list lives in
// sessionStorage, so a reload of the tab keeps watching. Tiny on purpose: it is part of every page's layout.
import type { JobStatus, JobView } from "./jobs";
import type { ImageTool } from "./schemas/images";

export interface WatchedJob {
  id: string;
  tool: ImageTool;
}

const KEY = "image-jobs:watching";
let watched: WatchedJob[] | null = null;
const listeners = new Set<() => void>();
const updateListeners = new Set<(job: JobView) => void>();

function read(): WatchedJob[] {
  if (watched) return watched;
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(KEY) ?? "[]") as unknown;
    watched = Array.isArray(stored) ? stored.filter((item): item is WatchedJob => typeof item?.id === "string" && typeof item?.tool === "string") : [];
  } catch {
    watched = [];
  }
  return watched;
}

function write(next: WatchedJob[]) {
  watched = next;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage may be blocked; watching still works until the tab is reloaded.
  }
  for (const listener of listeners) listener();
}

/** Starts watching the unfinished ones of these jobs. */
export function watchJobs(jobs: { id: string; tool: ImageTool; status: JobStatus }[]) {
  const current = read();
  const fresh = jobs.filter((job) => (job.status === "queued" || job.status === "running") && !current.some((item) => item.id === job.id));
  if (fresh.length > 0) write([...current, ...fresh.map(({ id, tool }) => ({ id, tool }))]);
}

export function unwatchJob(id: string) {
  const current = read();
  if (current.some((item) => item.id === id)) write(current.filter((item) => item.id !== id));
}

export function watchedJobs(): WatchedJob[] {
  return typeof window === "undefined" ? [] : read();
}

export function subscribeWatched(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The watcher tells the pages what it learnt, so a tool page shows progress and results without polling itself. */
export function publishJobUpdate(job: JobView) {
  for (const listener of updateListeners) listener(job);
}

export function onJobUpdate(listener: (job: JobView) => void) {
  updateListeners.add(listener);
  return () => {
    updateListeners.delete(listener);
  };
}
