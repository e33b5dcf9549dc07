import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { inAccount } from "~/.server/account/client";
import { AppError } from "~/.server/errors";
import { isLocalDevelopment } from "~/.server/http/development";
import { readJson } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";

const benchSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("seed"),
    threads: z.number().int().min(1).max(20_000),
    messagesPerThread: z.number().int().min(1).max(20),
    words: z
      .array(z.string().regex(/^[a-z]{1,20}$/))
      .min(1)
      .max(5_000),
    now: z.number().int(),
  }),
  z.object({
    intent: z.literal("time"),
    word: z.string().min(1).max(40),
    rounds: z.number().int().min(1).max(200),
    perRound: z.number().int().min(1).max(200),
  }),
  z.object({
    intent: z.literal("index-cost"),
    rounds: z.number().int().min(1).max(200),
    perRound: z.number().int().min(1).max(200),
    deleteThreads: z.array(z.number().int().min(1).max(20_000)).max(4),
  }),
  z.object({ intent: z.literal("row-writes"), action: z.enum(["start", "read"]) }),
]);

/**
 * Development only (a 404 anywhere else, see http/development.ts): POST JSON to fill the signed-in account's object
 * with a large history, to count the rows it writes while an answer streams, or to time its history and search queries and what its search index costs a change inside the
 * object (`npm run bench`,
 * chat/history-bench.ts).
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  if (!isLocalDevelopment(request, context.config)) throw new AppError("request/not-found");
  const parsed = benchSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  if (!viewer.accountId) throw new AppError("request/not-found");
  const { data } = parsed;
  const result =
    data.intent === "seed"
      ? await inAccount(context.env, viewer.accountId, "bench.seedHistory", data)
      : data.intent === "time"
        ? await inAccount(context.env, viewer.accountId, "bench.timeHistory", data)
        : data.intent === "index-cost"
          ? await inAccount(context.env, viewer.accountId, "bench.timeIndexCost", data)
          : await inAccount(context.env, viewer.accountId, "bench.rowWrites", data);
  return Response.json({ ok: true, result });
});
