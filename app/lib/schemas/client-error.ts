import * as z from "zod";

/** A browser error as the client reporter sends it to /api/errors. */
export const clientErrorSchema = z.object({
  message: z.string().min(1).max(2_000),
  stack: z.string().max(10_000).optional(),
  url: z.string().max(2_048),
  kind: z.enum(["error", "unhandledrejection", "render"]),
});
export type ClientError = z.infer<typeof clientErrorSchema>;
