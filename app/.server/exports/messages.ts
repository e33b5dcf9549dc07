/** The data-exports queue (decision 0018): one message per export; the row in D1 holds everything else. */
export const DATA_EXPORTS_QUEUE = "data-exports";

export interface DataExportMessage {
  exportId: string;
  /** The public origin the "ready" e-mail's link is built on (APP_ORIGIN, or the request's outside production). */
  origin: string;
}

export function isDataExportMessage(value: unknown): value is DataExportMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as DataExportMessage).exportId === "string" &&
    typeof (value as DataExportMessage).origin === "string"
  );
}
