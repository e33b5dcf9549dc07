import * as z from "zod";
import { inAccount } from "~/.server/account/client";
import { benchAction } from "~/.server/http/bench-route";

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
export const action = benchAction(benchSchema, (env, accountId, data) =>
  data.intent === "seed"
    ? inAccount(env, accountId, "bench.seedHistory", data)
    : data.intent === "time"
      ? inAccount(env, accountId, "bench.timeHistory", data)
      : data.intent === "index-cost"
        ? inAccount(env, accountId, "bench.timeIndexCost", data)
        : inAccount(env, accountId, "bench.rowWrites", data),
);
