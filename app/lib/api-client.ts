// The browser's one reader of our `/api/*` answers: `{ ok: true, ... }` or the one error body (docs/product.md §7)
// `{ ok: false, error: { code, message, fieldErrors? } }` (made on the server by http/respond.ts apiError). A request
// that never reached the server (offline, connection refused) reads as `app/network-request-failed` (docs/product.md §8's
// network-request-failed: "You appear to be offline..."), an answer that is not that shape as `app/unknown`; both
// without a message, so callers have one path and show the code's text in the page's language.

export interface ApiError {
  code: string;
  /** Already translated by the server; empty when the request never reached it. */
  message: string;
  /** Per field, already translated. */
  fieldErrors?: Record<string, string>;
}

export type ApiAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError };

/** The code of a request that failed to reach the server; its text names the connection, not "Something went wrong". */
export const NETWORK_FAILED = "app/network-request-failed";

const unknown = (status: number): ApiAnswer<never> => ({ ok: false, status, error: { code: "app/unknown", message: "" } });

function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && typeof (value as ApiError).code === "string";
}

/** Calls one of our API routes and reads its answer; `data` is the whole `{ ok: true, ... }` body. */
export async function callApi<T extends object>(url: string, init: RequestInit = {}): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", ...init, headers: { Accept: "application/json", ...init.headers } });
  } catch (error) {
    // Aborted by the caller: let it know, it decides what that means.
    if (init.signal?.aborted) throw error;
    return { ok: false, status: 0, error: { code: NETWORK_FAILED, message: "" } };
  }
  const body = (await response.json().catch(() => null)) as ({ ok?: unknown; error?: unknown } & T) | null;
  if (response.ok && body?.ok === true) return { ok: true, status: response.status, data: body };
  if (body && body.ok === false && isApiError(body.error)) {
    return { ok: false, status: response.status, error: { ...body.error, message: typeof body.error.message === "string" ? body.error.message : "" } };
  }
  return unknown(response.status);
}
