// The route layer's error answers, in the language the request asked for (the `locale` cookie, as everywhere).
import { AppError, errorResponse, isAppError, type ErrorCode } from "../errors";
import { getLocale, resources } from "../i18n";

/** The translation of `errors:<code>` for this request (English where a language lacks one; a test keeps them equal). */
export function errorMessage(request: Request, code: ErrorCode): string {
  const messages: Record<string, string> = resources[getLocale(request)].errors;
  return messages[code] ?? resources.en.errors[code as keyof typeof resources.en.errors] ?? code;
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  console.error(error);
  return new AppError("app/unknown", { cause: error });
}

/** The headers an error's details ask for: what a 405 allows, when a 429 may be retried. */
export function errorHeaders(error: AppError, headers: Headers = new Headers()): Headers {
  if (error.details?.allow) headers.set("Allow", error.details.allow);
  if (error.details?.retryAfterSeconds) headers.set("Retry-After", error.details.retryAfterSeconds);
  return headers;
}

/**
 * DESIGN's one error shape for resource routes, `{ ok: false, error: { code, message, fieldErrors? } }`, with its
 * status (never a 200) and headers. `fieldErrors` are messages already in the person's language.
 */
export function apiError(request: Request, error: unknown, options: { fieldErrors?: Record<string, string> } = {}): Response {
  const appError = toAppError(error);
  const response = errorResponse(appError, { message: (code) => errorMessage(request, code), fieldErrors: options.fieldErrors });
  errorHeaders(appError, response.headers);
  response.headers.set("Cache-Control", "no-store");
  return response;
}
