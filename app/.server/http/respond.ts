// The route layer's error answers, in the language the request asked for (the `locale` cookie, as everywhere).
import type * as z from "zod";
import { formatBytes } from "../../lib/bytes";
import type { Locale } from "../../lib/constants";
import { formatWait, retryAfterSeconds } from "../../lib/error-text";
import { redactedError } from "../../lib/redact";
import { fieldErrorsFrom } from "../../lib/schemas/field-errors";
import { AppError, errorResponse, isAppError, type ErrorCode } from "../errors";
import { getLocale, resources } from "../i18n";

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
  console.error(redactedError(error));
  return new AppError("app/unknown", { cause: error });
}

/**
 * the one error body (docs/product.md §7) for resource routes, `{ ok: false, error: { code, message, fieldErrors? } }`, with its
 * status (never a 200) and headers. `fieldErrors` are messages already in the person's language.
 */
export function apiError(request: Request, error: unknown, options: { fieldErrors?: Record<string, string> } = {}): Response {
  const appError = toAppError(error);
  const response = errorResponse(appError, { message: (code) => errorMessage(request, code, appError), fieldErrors: options.fieldErrors });
  response.headers.set("Cache-Control", "no-store");
  return response;
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

/**
 * Where a form's field messages live: a locale namespace's table per language (the server's own, or one a route loads
 * itself, as the image tools and horoscope do) and, inside it, the path holding its `validation` keys.
 */
export type ValidationMessages = { tables: Record<Locale, object>; under?: string };

/** One of the server's own namespaces (i18n.ts `resources`) as per-language tables. */
export function serverNamespace(namespace: keyof (typeof resources)["en"]): Record<Locale, object> {
  return { en: resources.en[namespace], tr: resources.tr[namespace] };
}

/** The string at a dotted path of a locale table, if there is one. */
function lookUp(table: unknown, path: string): string | undefined {
  const found = path
    .split(".")
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), table);
  return typeof found === "string" ? found : undefined;
}

/**
 * A form's zod problems as field messages in the request's language: each field's `validation.*` key (the schema's
 * words) looked up in `<namespace>:<under>.validation`, falling back to that table's `invalid` and then to the generic
 * "request/invalid" message, so a field never shows a raw key.
 */
export function translatedFieldErrors(request: Request, error: z.ZodError, messages: ValidationMessages, fallbackField?: string): Record<string, string> {
  const table = messages.tables[getLocale(request)];
  const at = (key: string) => lookUp(table, messages.under ? `${messages.under}.${key}` : key);
  return Object.fromEntries(
    Object.entries(fieldErrorsFrom(error, fallbackField)).map(([field, key]) => [
      field,
      at(key) ?? at("validation.invalid") ?? errorMessage(request, "request/invalid"),
    ]),
  );
}

/** A form that failed its schema: 400 request/invalid in the one error body (docs/product.md §7), each field's message translated. */
export function invalidForm(request: Request, error: z.ZodError, messages: ValidationMessages): Response {
  return apiError(request, new AppError("request/invalid"), { fieldErrors: translatedFieldErrors(request, error, messages) });
}
