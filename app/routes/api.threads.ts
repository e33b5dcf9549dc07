import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { pageThreads, searchThreads } from "~/.server/chat/threads";
import { AppError } from "~/.server/errors";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

const querySchema = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(100).optional(),
  starred: z.enum(["1", "0"]).optional(),
});

/** GET the history: a page (cursor) or a search (q) over titles and message text, paged the same way. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  if (!viewer.accountId) return Response.json({ ok: true, threads: [], nextCursor: null });
  const { q, cursor, starred } = parsed.data;
  if (q) return Response.json({ ok: true, ...(await searchThreads(context.env, viewer.accountId, q, cursor)) });
  return Response.json({ ok: true, ...(await pageThreads(context.env, viewer.accountId, { cursor, starredOnly: starred === "1" })) });
});
