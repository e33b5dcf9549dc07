// The page's side of the service worker (decision 0017): registration, the "new version" signal, and the few
// things the worker cannot learn by itself (the page's language, the last-opened chat, its already-loaded assets).
import { createStore, useStore } from "./store";

type WorkerMessage =
  | { type: "SKIP_WAITING" }
  | { type: "CACHE_ASSETS"; urls: string[] }
  | { type: "LOCALE"; locale: string }
  | { type: "LAST_CHAT"; chat: { url: string; title: string; messages: { role: string; content: string }[] } }
  | { type: "FORGET_CHAT" };

let registration: ServiceWorkerRegistration | null = null;
/** A new build's worker, installed and waiting for this tab to accept it. */
const waiting = createStore<ServiceWorker | null>(null);
/** Messages sent before registration finished (the latest of each kind), delivered once the worker is active. */
const pending = new Map<WorkerMessage["type"], WorkerMessage>();
/** Set by registerServiceWorker: without a worker (development, old browsers) messages are simply dropped. */
let enabled = false;
let lastUpdateCheck = 0;
const UPDATE_CHECK_MS = 30 * 60_000;

function watch(found: ServiceWorkerRegistration) {
  registration = found;
  // Only an update waits behind a controlling worker; the very first install takes over at once (clients.claim).
  const check = () => {
    if (found.waiting && navigator.serviceWorker.controller) waiting.set(found.waiting);
  };
  check();
  found.addEventListener("updatefound", () => {
    const installing = found.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") check();
    });
  });
  // Remix navigates without loading documents, so a long-lived tab would never look for a new deploy by itself.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - lastUpdateCheck < UPDATE_CHECK_MS) return;
    lastUpdateCheck = Date.now();
    void found.update().catch(() => undefined);
  });
  void navigator.serviceWorker.ready.then((ready) => {
    const assets = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.startsWith("/assets/"));
    ready.active?.postMessage({ type: "CACHE_ASSETS", urls: assets } satisfies WorkerMessage);
    for (const message of pending.values()) ready.active?.postMessage(message);
    pending.clear();
  });
}

/**
 * Registers /sw.js. The entry module can run after the window's load event has fired (it is a module script that
 * waits for its imports), and a listener added then never runs: so register now if loading is over, else on load.
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  enabled = true;
  lastUpdateCheck = Date.now();
  const register = () =>
    void navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(watch)
      .catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}

/** Sends a message to the active worker (queued until registration is done; dropped when there is no worker). */
export function tellServiceWorker(message: WorkerMessage) {
  if (!enabled) return;
  const active = registration?.active;
  if (active) active.postMessage(message);
  else pending.set(message.type, message);
}

/** Tells the waiting worker to take over, then reloads once it has (one reload, whatever else fires). */
export function applyUpdate() {
  const worker = waiting.get();
  if (!worker) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: "SKIP_WAITING" } satisfies WorkerMessage);
}

/** True while a new build's worker is installed and waiting for this tab to accept it. */
export function isUpdateWaiting(): boolean {
  return waiting.get() !== null;
}

export function useUpdateWaiting(): boolean {
  return useStore(waiting, (worker) => worker !== null);
}
