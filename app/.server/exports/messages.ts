/** The data-exports queue (decision 0018): one message per export; the row in the account's object holds the rest. */
export const DATA_EXPORTS_QUEUE = "data-exports";

export interface DataExportMessage {
  exportId: string;
  /** The account whose object holds the export (decision 0026). */
  ownerId: string;
  /** The public origin the "ready" e-mail's link is built on (APP_ORIGIN, or the request's outside production). */
  origin: string;
}

export function isDataExportMessage(value: unknown): value is DataExportMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as DataExportMessage).exportId === "string" &&
    typeof (value as DataExportMessage).ownerId === "string" &&
    typeof (value as DataExportMessage).origin === "string"
  );
}
