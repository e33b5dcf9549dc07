import type * as z from "zod";

/** Field errors keyed by field name (the first problem of each), as translation keys under the form's namespace. */
export function fieldErrorsFrom(error: z.ZodError, fallbackField = "form"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? fallbackField);
    if (errors[field]) continue;
    errors[field] = issue.message.startsWith("validation.") ? issue.message : "validation.invalid";
  }
  return errors;
}
