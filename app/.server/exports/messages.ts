import * as z from "zod";

/** The data-exports queue (decision 0018): one message per export; the row in the account's object holds the rest. */
export const DATA_EXPORTS_QUEUE = "data-exports";

/** A queue body, checked by one schema with its type inferred, as the WhatsApp inbox's (whatsapp/inbox-message.ts). */
const dataExportMessageSchema = z.object({
  exportId: z.string(),
  /** The account whose object holds the export (decision 0026). */
  ownerId: z.string(),
  /** The public origin the "ready" e-mail's link is built on (APP_ORIGIN, or the request's outside production). */
  origin: z.string(),
});
export type DataExportMessage = z.infer<typeof dataExportMessageSchema>;

export function isDataExportMessage(value: unknown): value is DataExportMessage {
  return dataExportMessageSchema.safeParse(value).success;
}
