import * as z from "zod";

/** A share link's id: 16 random bytes in base64url (22 characters), so it cannot be guessed (decision 0015). */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function isShareId(value: unknown): value is string {
  return typeof value === "string" && SHARE_ID_PATTERN.test(value);
}

/**
 * POST /api/threads/:threadId/share: create the thread's link, or take a new snapshot under the same link ("Update
 * link"). `showName` is the "Show my name" checkbox: present ("on") shows the owner's display name on the page.
 */
export const shareThreadSchema = z.object({
  intent: z.literal("share"),
  showName: z
    .enum(["on", "true", "false"])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

/** POST /api/shares/:shareId: the owner revokes the link (the page answers 404 from then on). */
export const revokeShareSchema = z.object({ intent: z.literal("revoke") });

/** POST /api/shares/:shareId/continue: a signed-in visitor copies the shared messages into a new chat of their own. */
export const continueShareSchema = z.object({ intent: z.literal("continue") });

export const EXPORT_FORMATS = ["md", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/threads/:threadId/export?format=md|json */
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });
