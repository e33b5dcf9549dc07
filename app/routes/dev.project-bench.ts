import * as z from "zod";
import { inAccount } from "~/.server/account/client";
import { benchAction } from "~/.server/http/bench-route";

const benchSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("seed"),
    projectId: z.uuid(),
    fileIndex: z.number().int().min(0).max(1_000),
    pages: z.array(z.string().max(4_000)).min(1).max(60),
  }),
  z.object({
    intent: z.literal("time"),
    projectId: z.uuid(),
    question: z.string().min(1).max(400),
    rounds: z.number().int().min(1).max(200),
    perRound: z.number().int().min(1).max(200),
  }),
]);

/**
 * Development only (a 404 anywhere else, see http/development.ts): POST JSON to fill the signed-in account's object
 * with a project of many files, or to time the project's retrieval inside the object (`npm run bench`, projects/bench.ts).
 */
export const action = benchAction(benchSchema, (env, accountId, data) =>
  data.intent === "seed" ? inAccount(env, accountId, "bench.seedProjectFile", data) : inAccount(env, accountId, "bench.timeProjectRetrieval", data),
);
