import * as z from "zod";

/**
 * The body of an image-jobs queue message: the job and the account whose object holds it (decision 0026); the row
 * there holds everything else. A message without the account (sent before the rows moved) cannot be routed and is
 * dropped as malformed.
 */
const imageJobMessageSchema = z.object({ jobId: z.string(), accountId: z.string() });
export type ImageJobMessage = z.infer<typeof imageJobMessageSchema>;

export function isImageJobMessage(value: unknown): value is ImageJobMessage {
  return imageJobMessageSchema.safeParse(value).success;
}
