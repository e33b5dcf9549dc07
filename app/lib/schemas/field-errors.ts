// The one way a zod error becomes field errors, for every form (auth, image tools, horoscope, web search, WhatsApp,
// thread rename) on the client and the server, and the one shape of a form's verdict (`checkWith`): the first problem of each field, keyed by the field's name.
import type * as z from "zod";

/** How an issue is worded: by default a `validation.*` message key the schema gave, else "validation.invalid". */
type MessageOf = (issue: z.core.$ZodIssue) => string;

const validationKey: MessageOf = (issue) => (issue.message.startsWith("validation.") ? issue.message : "validation.invalid");

/** Field errors keyed by field name (the first problem of each); problems without a field go under `fallbackField`. */
export function fieldErrorsFrom(error: z.ZodError, fallbackField = "form", messageOf: MessageOf = validationKey): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? fallbackField);
    errors[field] ??= messageOf(issue);
  }
  return errors;
}

/** A form's verdict: its data, or each field's problem as a `validation.*` key of the form's namespace. */
export type FormCheck<T> = { success: true; data: T } | { success: false; fieldErrors: Record<string, string> };

/** What a form's check is: its values in, its verdict out (lazy.ts fetches one with its schema). */
export type FormChecker<T> = (values: Record<string, unknown>) => FormCheck<T>;

/** A schema as a form's check; `fallbackField` and `messageOf` as in fieldErrorsFrom. */
export function checkWith<T>(schema: z.ZodType<T>, fallbackField?: string, messageOf?: MessageOf): FormChecker<T> {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? { success: true, data: result.data } : { success: false, fieldErrors: fieldErrorsFrom(result.error, fallbackField, messageOf) };
  };
}
