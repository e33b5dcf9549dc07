// One error type for the whole server. Codes and messages come from docs/product.md §8; the message shown to a
// person is the translation of `errors:<code>`. Internals are logged, never shown.
import { redactedError } from "../lib/redact";

export const errorStatus = {
  "auth/email-already-in-use": 409,
  "auth/invalid-email": 400,
  "auth/operation-not-allowed": 403,
  "auth/weak-password": 400,
  "auth/email-not-found": 404,
  "auth/unknown": 500,
  "auth/wrong-password": 401,
  "auth/user-not-found": 404,
  "auth/popup-closed-by-user": 400,
  "auth/account-exists-with-different-credential": 409,
  "auth/auth-domain-config-required": 500,
  "auth/invalid-credential": 401,
  "auth/provider-already-linked": 409,
  "auth/credential-already-in-use": 409,
  "auth/unverified-email": 403,
  "auth/too-many-requests": 429,
  "auth/expired-action-code": 400,
  "auth/invalid-action-code": 400,
  "auth/requires-recent-login": 401,
  "auth/user-mismatch": 401,
  "auth/user-token-expired": 401,
  "auth/user-disabled": 403,
  "auth/authentication-failed": 401,
  "auth/profile-unavailable": 500,
  "auth/last-connection": 409,
  "account/pro-active": 409,
  "upload/avatar-too-large": 413,
  "credits/fetch-failed": 503,
  "credits/exhausted": 402,
  "billing/cancel-failed": 502,
  "billing/resume-failed": 502,
  "billing/checkout-failed": 502,
  "billing/portal-failed": 502,
  "billing/prices-unavailable": 503,
  "billing/not-configured": 503,
  "billing/already-subscribed": 409,
  "billing/no-subscription": 409,
  "email/change-password-failed": 502,
  "email/activation-failed": 502,
  "chat/model-unavailable": 404,
  "chat/rate-limited": 429,
  "chat/upstream-failed": 502,
  "chat/interrupted": 502,
  "chat/not-found": 404,
  "plan/pro-required": 402,
  "horoscope/type-required": 400,
  "horoscope/place-unknown": 400,
  "horoscope/no-birth-data": 409,
  "horoscope/rate-limited": 429,
  "search/unavailable": 503,
  "upload/empty": 400,
  "upload/too-large": 413,
  "upload/invalid-type": 415,
  "upload/corrupt": 400,
  "upload/too-many-pixels": 413,
  /** A named upload that is not the asker's own (or no longer exists): the same answer as any stranger's id. */
  "upload/missing": 404,
  "upload/rate-limited": 429,
  "upload/daily-limit": 429,
  "upload/quota-exceeded": 413,
  "auth/sign-in-required": 401,
  "image/no-provider": 503,
  "image/provider-failed": 502,
  "image/rate-limited": 429,
  "image/model-unavailable": 404,
  "image/rejected": 422,
  "image/queue-failed": 503,
  "whatsapp/not-configured": 503,
  "share/sign-in-required": 401,
  "share/not-found": 404,
  "share/rate-limited": 429,
  "share/continue-rate-limited": 429,
  "export/invalid-format": 400,
  "export/sign-in-required": 401,
  "export/not-found": 404,
  "export/not-ready": 409,
  "export/in-progress": 409,
  "export/expired": 410,
  "export/rate-limited": 429,
  "export/queue-failed": 503,
  "request/invalid": 400,
  "request/cross-site": 403,
  "request/not-found": 404,
  "request/method-not-allowed": 405,
  "request/too-large": 413,
  "analytics/unknown-event": 400,
  "analytics/too-large": 413,
  "analytics/rate-limited": 429,
  "reports/rate-limited": 429,
  "voice/unavailable": 503,
  "voice/speech-failed": 502,
  "voice/transcription-failed": 502,
  "voice/fair-use": 429,
  "voice/empty": 400,
  "voice/too-large": 413,
  "voice/invalid-type": 415,
  "voice/too-long": 413,
  "app/unknown": 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    options?: { cause?: unknown; details?: Record<string, string> },
  ) {
    super(code, { cause: options?.cause });
    this.status = errorStatus[code];
    this.details = options?.details;
  }

  readonly details?: Record<string, string>;

  toJSON() {
    return { error: { code: this.code, ...(this.details ? { details: this.details } : {}) } };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/**
 * A JSON error response for resource routes; unknown errors become app/unknown and are logged. Given `message` (the
 * route's translation of `errors:<code>` for this request), the body is the full error body (docs/product.md §7)
 * `{ ok: false, error: { code, message, fieldErrors? } }`. A wait the error knows (details.retryAfterSeconds) goes out as Retry-After.
 */
export function errorResponse(error: unknown, options: { message?: (code: ErrorCode) => string; fieldErrors?: Record<string, string> } = {}): Response {
  const appError = isAppError(error) ? error : new AppError("app/unknown", { cause: error });
  if (!isAppError(error)) console.error(redactedError(error));
  const fieldErrors = options.fieldErrors ? { fieldErrors: options.fieldErrors } : {};
  const body = options.message
    ? { ok: false as const, error: { ...appError.toJSON().error, message: options.message(appError.code), ...fieldErrors } }
    : appError.toJSON();
  const retryAfter = appError.details?.retryAfterSeconds;
  return Response.json(body, { status: appError.status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined });
}
