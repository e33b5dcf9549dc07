// SPEC §1/§7: error reporting starts at launch. A tiny reporter instead of a browser SDK (which would double the
// first-page JavaScript): it buffers up to 64 reports, sends them to our own /api/errors (the server forwards to
// the reporting provider), uses keepalive only under 60000 bytes and fewer than 15 requests in flight, and backs
// off when told to (429). Noisy browser errors (SPEC §8) are dropped.
import { isIgnoredError } from "./error-filter";
import type { ClientError } from "./schemas/client-error";

const BUFFER_LIMIT = 64;
const KEEPALIVE_BYTES = 60_000;
const MAX_IN_FLIGHT = 15;

const buffer: ClientError[] = [];
let inFlight = 0;
let pausedUntil = 0;
let scheduled = false;

function schedule(delay = 0) {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    flush();
  }, delay);
}

function flush() {
  const wait = pausedUntil - Date.now();
  if (wait > 0) return schedule(wait);
  while (buffer.length > 0 && inFlight < MAX_IN_FLIGHT) {
    const report = buffer.shift() as ClientError;
    const body = JSON.stringify(report);
    inFlight++;
    fetch("/api/errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: body.length < KEEPALIVE_BYTES,
    })
      .then((response) => {
        if (response.status === 429) {
          const seconds = Number(response.headers.get("Retry-After") ?? "60");
          pausedUntil = Date.now() + (Number.isFinite(seconds) ? seconds : 60) * 1000;
        }
      })
      .catch(() => undefined)
      .finally(() => {
        inFlight--;
        if (buffer.length > 0) schedule();
      });
  }
}

export function reportClientError(kind: ClientError["kind"], error: unknown) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "");
  if (!message || isIgnoredError(message)) return;
  if (buffer.length >= BUFFER_LIMIT) return;
  buffer.push({
    kind,
    message: message.slice(0, 2_000),
    stack: error instanceof Error && error.stack ? error.stack.slice(0, 10_000) : undefined,
    url: window.location.href.slice(0, 2_048),
  });
  schedule();
}

let started = false;

/** Called once, before the app hydrates. */
export function startErrorReporting() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("error", (event) => reportClientError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportClientError("unhandledrejection", event.reason));
}
