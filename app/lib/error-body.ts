// The one body every refusal has, from a page's action and from an /api route alike (docs/product.md §7): made on the
// server by http/respond.ts `errorAnswer` only, read in the browser by api-client.ts (an /api answer) or straight from
// an action's data (a Remix form). A lint rule (eslint.config.js SECOND_ERROR_BODY) refuses a second shape.

/** What a refusal says; every text is already in the request's language. */
export interface ErrorInfo {
  code: string;
  /** The code's message in the request's language; empty when the request never reached the server (api-client.ts). */
  message: string;
  /** Per field, its problem as text to show (never a message key). */
  fieldErrors?: Record<string, string>;
  /** The one value the error knows, as a string: retryAfterSeconds, allow, quotaBytes or resetsAt. */
  details?: Record<string, string>;
}

export interface ErrorBody {
  ok: false;
  error: ErrorInfo;
}

/** The wait a refusal asked for (a 429's Retry-After), for error-text.ts's "Try again in 3 minutes". */
export function retryAfterOf(body: { error: ErrorInfo } | undefined | null): string | undefined {
  return body?.error.details?.retryAfterSeconds;
}
