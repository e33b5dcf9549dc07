// docs/product.md §1/§7: error reporting starts at launch. A tiny reporter instead of a browser SDK (which would double the
// first-page JavaScript): it buffers up to 64 reports, sends them to our own /api/errors (the server forwards to
// the reporting provider), uses keepalive only while the keepalive requests in flight stay within 60000 bytes and
// under 15 requests, and backs off when told to (429; docs/product.md §9's backoff unless Retry-After says how long), keeping
// the refused report for later. Noisy browser errors (docs/product.md §8) are dropped.
import { isIgnoredError } from "./error-filter";
import { redactSecrets } from "./redact";
import type { ClientError } from "./schemas/client-error";

const BUFFER_LIMIT = 64;
/** Browsers refuse keepalive bodies beyond 64 KiB in flight in total, so the budget is shared by every request. */
const KEEPALIVE_BYTES = 60_000;
const MAX_IN_FLIGHT = 15;
/** docs/product.md §9: retry backoff base 1 s, factor 2, cap 4 hours (when the 429 names no time of its own). */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_FACTOR = 2;
const BACKOFF_CAP_MS = 4 * 60 * 60_000;

const encoder = new TextEncoder();
const buffer: ClientError[] = [];
let inFlight = 0;
/** Bytes of the keepalive requests in flight; each gives its share back when it finishes. */
let keepaliveBytes = 0;
/** 429s in a row, for the exponential backoff; any other answer resets it. */
let refusals = 0;
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

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A 429: the report waits for the next attempt (first in line) and nothing is sent until the pause is over. */
function refused(report: ClientError, retryAfter: string | null) {
  if (buffer.length < BUFFER_LIMIT) buffer.unshift(report);
  const now = Date.now();
  const named = retryAfterMs(retryAfter, now);
  // Requests already in flight when the pause began are refused too: that is the same refusal, not a new step.
  if (named === null && pausedUntil > now) return;
  const delay = named ?? BACKOFF_BASE_MS * BACKOFF_FACTOR ** refusals;
  refusals++;
  pausedUntil = Math.max(pausedUntil, now + Math.min(delay, BACKOFF_CAP_MS));
}

function send(report: ClientError) {
  const body = JSON.stringify(report);
  const bytes = encoder.encode(body).byteLength;
  inFlight++;
  const keepalive = keepaliveBytes + bytes <= KEEPALIVE_BYTES && inFlight < MAX_IN_FLIGHT;
  if (keepalive) keepaliveBytes += bytes;
  fetch("/api/errors", { method: "POST", headers: { "Content-Type": "application/json" }, body, keepalive })
    .then((response) => {
      if (response.status === 429) refused(report, response.headers.get("Retry-After"));
      else refusals = 0;
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight--;
      if (keepalive) keepaliveBytes -= bytes;
      if (buffer.length > 0) schedule();
    });
}

function flush() {
  const wait = pausedUntil - Date.now();
  if (wait > 0) return schedule(wait);
  while (buffer.length > 0 && inFlight < MAX_IN_FLIGHT) send(buffer.shift() as ClientError);
}

export function reportClientError(kind: ClientError["kind"], error: unknown) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "");
  if (!message || isIgnoredError(message)) return;
  if (buffer.length >= BUFFER_LIMIT) return;
  // A page's address can hold a live one-time link (`?token=`) or OAuth's code and state: their values never leave.
  buffer.push({
    kind,
    message: redactSecrets(message).slice(0, 2_000),
    stack: error instanceof Error && error.stack ? redactSecrets(error.stack).slice(0, 10_000) : undefined,
    url: redactSecrets(window.location.href).slice(0, 2_048),
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
