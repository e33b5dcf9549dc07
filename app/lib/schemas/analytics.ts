import * as z from "zod";

/** An analytics event as the browser sends it to /api/analytics. */
export const analyticsEventSchema = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, "event names are snake_case"),
  path: z.string().startsWith("/").max(2048).optional(),
  props: z.record(z.string().max(64), z.union([z.string().max(512), z.number(), z.boolean()])).optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
