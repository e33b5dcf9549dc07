// Server-side error reporting through toucan-js (Sentry's protocol) when SENTRY_DSN is set; otherwise the worker
// log. docs/product.md §1: reports include default personal data: the reporter's IP address, user agent and signed-in user id.
// toucan-js 4 ignores Sentry's `sendDefaultPii`, so they are set on every event here. Secrets that travel in
// addresses (`token`, `code`, `state`) are stripped from every event and log line (SECURITY.md "Error reports and logs").
import { Toucan } from "toucan-js";
import { isIgnoredError } from "../lib/error-filter";
import { redactDeep, redactedError, redactSecrets } from "../lib/redact";
import type { ClientError } from "../lib/schemas/client-error";
import type { AppConfig } from "./env";

interface ReportContext {
  config: AppConfig;
  ctx: Pick<ExecutionContext, "waitUntil">;
}

/** Request headers an event keeps: Cloudflare's ray id and the browser's user agent (never cookies or the rest). */
const REPORTED_HEADERS = ["CF-RAY", "CF-Worker", "User-Agent"];

function reporter(context: ReportContext, request: Request, userId: string | null | undefined): Toucan | null {
  if (!context.config.sentryDsn) return null;
  const toucan = new Toucan({
    dsn: context.config.sentryDsn,
    context: context.ctx,
    request,
    environment: context.config.appEnv,
    // The address without its query (toucan's default), and only these headers.
    requestDataOptions: { allowedHeaders: REPORTED_HEADERS },
    ignoreErrors: [/Script error/, /ResizeObserver loop completed with undelivered notifications/],
    beforeSend: (event) => redactDeep(event),
  });
  const address = request.headers.get("CF-Connecting-IP");
  toucan.setUser({ ...(userId ? { id: userId } : {}), ...(address ? { ip_address: address } : {}) });
  return toucan;
}

export function reportServerError(context: ReportContext, request: Request, error: unknown, userId?: string | null) {
  console.error(redactedError(error));
  reporter(context, request, userId)?.captureException(error);
}

export function reportClientError(context: ReportContext, request: Request, report: ClientError, userId?: string | null) {
  if (isIgnoredError(report.message)) return;
  const toucan = reporter(context, request, userId);
  if (!toucan) {
    console.warn("client error", report.kind, redactSecrets(report.message), redactSecrets(report.url));
    return;
  }
  toucan.setTag("source", "browser");
  toucan.setExtra("stack", report.stack ?? null);
  toucan.setExtra("url", report.url);
  toucan.captureMessage(report.message, "error");
}

/**
 * An alert for the operator from outside any request (a queue consumer's finding, such as WhatsApp replies paused by a
 * billing error): a log line, and a message in the error report when SENTRY_DSN is set, tagged `alert: operator`.
 */
export async function reportOperatorAlert(config: AppConfig, message: string, details: Record<string, string> = {}): Promise<void> {
  console.error(`operator alert: ${message}`, JSON.stringify(redactDeep(details)));
  if (!config.sentryDsn) return;
  const sending: Promise<unknown>[] = [];
  const toucan = new Toucan({
    dsn: config.sentryDsn,
    context: { waitUntil: (promise) => void sending.push(promise) },
    environment: config.appEnv,
    beforeSend: (event) => redactDeep(event),
  });
  toucan.setTag("alert", "operator");
  toucan.setExtras(details);
  toucan.captureMessage(message, "warning");
  // No request keeps the worker alive for it: the report is sent before the consumer goes on.
  await Promise.allSettled(sending);
}
