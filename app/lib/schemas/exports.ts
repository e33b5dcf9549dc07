import * as z from "zod";

/** An export's id: 16 random bytes in base64url (22 characters), like a share link's (decision 0018). */
export const EXPORT_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** POST /api/exports: "Download my data" asks for a new archive. The intent keeps an empty or stray POST from starting one. */
export const startDataExportSchema = z.object({ intent: z.literal("export-data") });

export type DataExportStatus = "queued" | "running" | "ready" | "failed" | "expired";

/** What the settings page shows of the account's latest export (GET /api/exports/latest and the page's loader). */
export interface DataExportView {
  id: string;
  status: DataExportStatus;
  progress: number;
  createdAt: number;
  /** Ready ones: when the archive stops being served. */
  expiresAt: number | null;
  bytes: number | null;
  downloadUrl: string | null;
}
