// One error type for the whole server. Codes and messages come from docs/product.md §8; the message shown to a
// person is the translation of `errors:<code>`. Internals are logged, never shown.

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
  /** SIGNUPS_OPEN=false: the operator closed sign-ups; existing accounts still sign in (decision 0005). */
  "auth/admin-restricted-operation": 403,
  /** Two-step sign-in (docs/product.md §8's multi-factor errors; decision 0028). */
  "auth/missing-verification-code": 400,
  "auth/invalid-verification-code": 401,
  "auth/code-already-used": 401,
  "auth/code-expired": 401,
  "auth/second-factor-already-in-use": 409,
  "auth/multi-factor-info-not-found": 409,
  "auth/passkey-failed": 400,
  "auth/passkey-not-found": 404,
  /** A second factor is added or renewed with only a password proven recently (decision 0028). */
  "auth/requires-second-factor": 401,
  "account/pro-active": 409,
  /** The account is being deleted (decision 0033): no sign-in, and its object writes nothing more. */
  "account/deleted": 410,
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
  /** Documents in chat (decision 0031): refused at upload, nothing kept. */
  "document/too-many-pages": 413,
  "document/password": 422,
  "document/corrupt": 400,
  /** Found while reading in the background: the document's failure, shown on its chip. */
  "document/no-text": 422,
  "document/too-big-to-read": 422,
  /** Its text did not fit the storage quota with the rest the account keeps (decision 0013): no page was kept. */
  "document/storage-full": 413,
  // The reading could not be queued: a fault of ours, the file may be attached again.
  "document/read-failed": 503,
  /** A turn that attaches a document still being read, or one that could not be read. */
  "document/not-ready": 409,
  "document/unreadable": 422,
  "auth/sign-in-required": 401,
  "image/no-provider": 503,
  "image/provider-failed": 502,
  "image/rate-limited": 429,
  "image/model-unavailable": 404,
  "image/rejected": 422,
  "image/queue-failed": 503,
  /** "Edit image"'s brush mask: not a PNG, or not the size of the picture it paints on (decision 0029). */
  "image/mask-invalid": 400,
  /** The picture to edit is gone, or is not the asker's: the same answer as any stranger's id. */
  "image/source-missing": 404,
  "whatsapp/not-configured": 503,
  "share/sign-in-required": 401,
  "share/not-found": 404,
  "share/rate-limited": 429,
  "share/continue-rate-limited": 429,
  "export/invalid-format": 400,
  "export/sign-in-required": 401,
  "memory/not-found": 404,
  /** Web push (decision 0042): no VAPID keys configured, or a device that is not the account's. */
  "notifications/not-configured": 503,
  "notifications/not-found": 404,
  /** Projects (decision 0038-projects): another account's project id is not found, as any stranger's id. */
  "project/not-found": 404,
  /** The plan's number of projects, or of files in one project, is reached: nothing is kept. */
  "project/limit": 409,
  "project/files-limit": 413,
  /** Schedules (docs/decisions/0045-schedules.md): another account's schedule is not found; the plan's number is reached. */
  "schedule/not-found": 404,
  "schedule/limit": 409,
  // "Save to memory?" could not queue its extraction: a fault of ours, the offer stays to be pressed again.
  "memory/save-failed": 503,
  "export/not-found": 404,
  "export/not-ready": 409,
  "export/in-progress": 409,
  "export/expired": 410,
  "export/rate-limited": 429,
  "export/queue-failed": 503,
  /** Importing another assistant's history (decision 0040-import-chatgpt). */
  "import/sign-in-required": 401,
  "import/too-large": 413,
  "import/invalid-type": 415,
  "import/corrupt": 400,
  "import/not-chatgpt-export": 400,
  "import/json-too-large": 413,
  "import/too-many-conversations": 413,
  "import/nothing-to-import": 400,
  "import/in-progress": 409,
  "import/rate-limited": 429,
  "import/quota-exceeded": 413,
  /** Only a failed import's reason on the settings page: its prepared file vanished (never an answer's status). */
  "import/failed": 503,
  "research/sign-in-required": 401,
  "research/unavailable": 503,
  /** The plan's deep research for now is used (Free: one a week, Pro: a fair-use number a day); the wait is named. */
  "research/limit": 429,
  /** An export of a research whose report is not written yet. */
  "research/not-ready": 409,
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
  /** A recognised container whose audio cannot be measured honestly (a WAV whose format fields disagree). */
  "voice/unreadable": 415,
  "app/unknown": 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** What an error knows beyond its code, each for one purpose. */
export type AppErrorOptions = {
  cause?: unknown;
  /** Each field's problem as text in the request's language (i18n.ts `fieldMessages`), as the error body carries it. */
  fieldErrors?: Record<string, string>;
  /** When the refused request may be tried again: the Retry-After header and the `{{wait}}` of a `<code>_wait` message. */
  retryAfterSeconds?: number;
  /** The methods the URL takes: the Allow header of a 405. */
  allow?: readonly string[];
  /** The storage quota a refused upload ran into: the `{{quota}}` of its message. */
  quotaBytes?: number;
  /** When the credits that ran out come back (epoch milliseconds), for clients that say so. */
  resetsAt?: number;
};

/** Whole seconds until `ms` has passed, as Retry-After says it (at least 1). */
export function secondsToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  readonly fieldErrors?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly allow?: readonly string[];
  readonly quotaBytes?: number;
  readonly resetsAt?: number;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(code, { cause: options.cause });
    this.status = errorStatus[code];
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.allow = options.allow;
    this.quotaBytes = options.quotaBytes;
    this.resetsAt = options.resetsAt;
  }

  /** The headers the error asks for: what a 405 allows, when a 429 may be retried. */
  headers(headers: Headers = new Headers()): Headers {
    if (this.allow) headers.set("Allow", this.allow.join(", "));
    if (this.retryAfterSeconds !== undefined) headers.set("Retry-After", String(this.retryAfterSeconds));
    return headers;
  }

  /**
   * The body's `details`, as clients have always read them: the one value the error knows (the wait, the allowed
   * methods, the quota, when credits come back) as strings. Derived, never given: code on the server reads the typed
   * fields above. Field errors are not details: the body has its own `fieldErrors` (lib/error-body.ts).
   */
  get details(): Record<string, string> | undefined {
    const values: Record<string, string | undefined> = {
      retryAfterSeconds: this.retryAfterSeconds?.toString(),
      allow: this.allow?.join(", "),
      quotaBytes: this.quotaBytes?.toString(),
      resetsAt: this.resetsAt?.toString(),
    };
    const details = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return Object.keys(details).length > 0 ? details : undefined;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
