// The one way a zod error becomes field errors, for every form (auth, image tools, horoscope, web search, WhatsApp,
// thread rename) on the client and the server: the first problem of each field, keyed by the field's name.
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
