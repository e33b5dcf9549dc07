// The browser's one reader of our `/api/*` answers: `{ ok: true, ... }` or the one error body (lib/error-body.ts, made
// on the server by http/respond.ts; a Remix form reads the same body from its action's data). A request
// that never reached the server (offline, connection refused) reads as `app/network-request-failed` (docs/product.md §8's
// network-request-failed: "You appear to be offline..."), an answer that is not that shape as `app/unknown`; both
// without a message, so callers have one path and show the code's text in the page's language.

import type { ErrorInfo } from "./error-body";

/** A refusal as callApi gives it: the error body's `error`, every text already translated by the server. */
export type ApiError = ErrorInfo;

export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

/** The code of a request that failed to reach the server; its text names the connection, not "Something went wrong". */
export const NETWORK_FAILED = "app/network-request-failed";

const unknown = (status: number): { ok: false; status: number; error: ApiError } => ({ ok: false, status, error: { code: "app/unknown", message: "" } });

function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && typeof (value as ApiError).code === "string";
}

/** The request itself; null when it never reached the server. Aborted by the caller: rethrown, the caller decides what that means. */
async function request(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    return null;
  }
}

const networkFailed = (): { ok: false; status: number; error: ApiError } => ({ ok: false, status: 0, error: { code: NETWORK_FAILED, message: "" } });

/** A refusal's body as its error, anything else as app/unknown. */
function refusal(status: number, body: { ok?: unknown; error?: unknown } | null): { ok: false; status: number; error: ApiError } {
  if (body && body.ok === false && isApiError(body.error)) {
    return { ok: false, status, error: { ...body.error, message: typeof body.error.message === "string" ? body.error.message : "" } };
  }
  return unknown(status);
}

/** Calls one of our API routes and reads its answer; `data` is the whole `{ ok: true, ... }` body. */
export async function callApi<T extends object>(url: string, init: RequestInit = {}): Promise<ApiAnswer<T>> {
  const response = await request(url, init);
  if (!response) return networkFailed();
  const body = (await response.json().catch(() => null)) as ({ ok?: unknown; error?: unknown } & T) | null;
  if (response.ok && body?.ok === true) return { ok: true, status: response.status, data: body };
  return refusal(response.status, body);
}

/**
 * Like callApi, for a route that answers with a stream (a chat turn's Server-Sent Events): the open response to read,
 * or the refusal read exactly as callApi reads it.
 */
export async function openApiStream(
  url: string,
  init: RequestInit = {},
): Promise<{ ok: true; response: Response & { body: ReadableStream<Uint8Array> } } | { ok: false; status: number; error: ApiError }> {
  const response = await request(url, init);
  if (!response) return networkFailed();
  if (response.ok && response.body) return { ok: true, response: response as Response & { body: ReadableStream<Uint8Array> } };
  return refusal(response.status, (await response.json().catch(() => null)) as { ok?: unknown; error?: unknown } | null);
}
