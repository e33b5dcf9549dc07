// The route layer's error answers, in the language the request asked for (the `locale` cookie, as everywhere).
import type * as z from "zod";
import { formatBytes } from "../../lib/bytes";
import type { ErrorBody } from "../../lib/error-body";
import { formatWait, retryAfterSeconds } from "../../lib/error-text";
import { redactedError } from "../../lib/redact";
import { fieldErrorsFrom } from "../../lib/schemas/field-errors";
import { AppError, isAppError, type ErrorCode } from "../errors";
import { isAccountDeleted } from "../account/tombstone";
import { fieldMessages, getLocale, resources, type ValidationMessages } from "../i18n";

export { serverNamespace, type ValidationMessages } from "../i18n";

/** The values an error's message may name (an AppError has them). */
export type MessageValues = { retryAfterSeconds?: number; quotaBytes?: number };

/**
 * The translation of `errors:<code>` for this request (English where a language lacks one; a test keeps them equal).
 * With the error's values: a code with a `<code>_wait` text says how long to wait (retryAfterSeconds, as
 * error-text.ts does in the browser), and {{quota}} names a storage quota (quotaBytes).
 */
export function errorMessage(request: Request, code: ErrorCode, values: MessageValues = {}): string {
  const locale = getLocale(request);
  const messages: Record<string, string> = resources[locale].errors;
  const english: Record<string, string> = resources.en.errors;
  const wait = retryAfterSeconds(values.retryAfterSeconds);
  const key = wait !== null && `${code}_wait` in english ? `${code}_wait` : code;
  const text = messages[key] ?? english[key] ?? code;
  return text
    .replace("{{wait}}", wait !== null ? formatWait(wait, locale) : "")
    .replace("{{quota}}", values.quotaBytes !== undefined ? formatBytes(values.quotaBytes, locale) : "");
}

export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  // A deleted account's object refusing a call made to it directly (decision 0033): its code is all RPC kept.
  if (isAccountDeleted(error)) return new AppError("account/deleted", { cause: error });
  console.error(redactedError(error));
  return new AppError("app/unknown", { cause: error });
}

/**
 * The one error body (lib/error-body.ts) for a refusal, with the error it answers (its status and headers). Every
 * route's refusal is made here: resource routes through apiError, page actions through http/auth.ts `failure`.
 * `fieldErrors` are texts in the person's language (an AppError's own, or the route's); `unexpected` names what an
 * error nobody foresaw is called on this page.
 */
export function errorAnswer(
  request: Request,
  error: unknown,
  options: { fieldErrors?: Record<string, string>; unexpected?: ErrorCode } = {},
): { appError: AppError; body: ErrorBody } {
  const known = toAppError(error);
  const { unexpected } = options;
  const appError = known.code === "app/unknown" && unexpected && unexpected !== "app/unknown" ? new AppError(unexpected, { cause: error }) : known;
  const fieldErrors = options.fieldErrors ?? appError.fieldErrors;
  const details = appError.details;
  const body: ErrorBody = {
    ok: false,
    error: {
      code: appError.code,
      message: errorMessage(request, appError.code, appError),
      ...(fieldErrors ? { fieldErrors } : {}),
      ...(details ? { details } : {}),
    },
  };
  return { appError, body };
}

/** A resource route's refusal: the one error body with its status (never a 200) and the error's headers, never cached. */
export function apiError(request: Request, error: unknown, options: { fieldErrors?: Record<string, string> } = {}): Response {
  const { appError, body } = errorAnswer(request, error, options);
  return Response.json(body, { status: appError.status, headers: appError.headers(new Headers({ "Cache-Control": "no-store" })) });
}

/**
 * A resource route's loader or action (app/routes/api.* and media.*): the handler's answer, or whatever it throws as
 * the one error body (apiError), so no route writes its own catch.
 */
export function resource<Args extends { request: Request }>(handler: (args: Args) => Promise<Response>): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return apiError(args.request, error);
    }
  };
}

/** A form's zod problems as field messages in the request's language (i18n.ts `fieldMessages`). */
export function translatedFieldErrors(request: Request, error: z.ZodError, messages: ValidationMessages, fallbackField?: string): Record<string, string> {
  return fieldMessages(getLocale(request), fieldErrorsFrom(error, fallbackField), messages);
}

/** A form that failed its schema: 400 request/invalid in the one error body (docs/product.md §7), each field's message translated. */
export function invalidForm(request: Request, error: z.ZodError, messages: ValidationMessages): Response {
  return apiError(request, new AppError("request/invalid"), { fieldErrors: translatedFieldErrors(request, error, messages) });
}
