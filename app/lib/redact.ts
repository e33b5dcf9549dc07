// Secrets that travel in page addresses (one-time e-mail link tokens, OAuth's code and state) stay out of error
// reports and log lines (SECURITY.md "Error reports and logs"). One function for the browser's reporter and the
// server's reports and logs, so every place that reports an address strips the same parameters the same way.

/** Query parameters whose values are secrets somewhere in the app: `/auth/*?token=`, OAuth callbacks' `code` and `state`. */
export const SECRET_PARAMETERS = ["token", "code", "state"] as const;
export const REDACTED = "[redacted]";

// A parameter starts a query string or follows `?`, `&` or `#` (or their percent-encodings, when an address is itself
// a parameter such as `redirectTo`), so `countrycode=` or `error_code=` are left alone. The value runs to the next
// separator, quote, backslash or space; in an encoded address that takes the parameters after it too (the safe side).
const SECRET_VALUE = new RegExp(`((?:^|[?&#]|%3F|%26|%23)(?:${SECRET_PARAMETERS.join("|")})(?:=|%3D))[^&#\\s"'<>\\\\]+`, "gi");

/** `text` (an address, a message, a stack) with the value of every secret parameter replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_VALUE, `$1${REDACTED}`);
}

/** Every string in a JSON-like value redacted (an error report's event: request, extra, messages, breadcrumbs). */
export function redactDeep<T>(value: T): T {
  if (typeof value === "string") return redactSecrets(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactDeep(item)])) as T;
  }
  return value;
}

/** An error as one log line (its stack when it has one), redacted. */
export function redactedError(error: unknown): string {
  if (error instanceof Error) return redactSecrets(error.stack ?? `${error.name}: ${error.message}`);
  return redactSecrets(String(error));
}
