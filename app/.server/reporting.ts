// Server-side error reporting through toucan-js (Sentry's protocol) when SENTRY_DSN is set; otherwise the worker
// log. SPEC §1: reports include default personal data (IP address, signed-in user id).
import { Toucan } from "toucan-js";
import { isIgnoredError } from "../lib/error-filter";
import type { ClientError } from "../lib/schemas/client-error";
import type { AppConfig } from "./env";

interface ReportContext {
  config: AppConfig;
  ctx: Pick<ExecutionContext, "waitUntil">;
}

function reporter(context: ReportContext, request: Request): Toucan | null {
  if (!context.config.sentryDsn) return null;
  return new Toucan({
    dsn: context.config.sentryDsn,
    context: context.ctx,
    request,
    environment: context.config.appEnv,
    sendDefaultPii: true,
    ignoreErrors: [/Script error/, /ResizeObserver loop completed with undelivered notifications/],
  });
}

export function reportServerError(context: ReportContext, request: Request, error: unknown, userId?: string | null) {
  console.error(error);
  const toucan = reporter(context, request);
  if (!toucan) return;
  if (userId) toucan.setUser({ id: userId });
  toucan.captureException(error);
}

export function reportClientError(context: ReportContext, request: Request, report: ClientError, userId?: string | null) {
  if (isIgnoredError(report.message)) return;
  const toucan = reporter(context, request);
  if (!toucan) {
    console.warn("client error", report.kind, report.message, report.url);
    return;
  }
  if (userId) toucan.setUser({ id: userId });
  toucan.setTag("source", "browser");
  toucan.setExtra("stack", report.stack ?? null);
  toucan.setExtra("url", report.url);
  toucan.captureMessage(report.message, "error");
}
