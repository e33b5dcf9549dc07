import * as z from "zod";
import { inAccount } from "~/.server/account/client";
import { benchAction } from "~/.server/http/bench-route";

const benchSchema = z.object({ items: z.number().int().min(1).max(12), researches: z.number().int().min(1).max(20) });

/**
 * Development only (a 404 anywhere else, see http/development.ts): POST JSON to run researches in the signed-in
 * account's object with an instant provider, timing the app's own work per step (`npm run bench`, research/bench.ts).
 */
export const action = benchAction(benchSchema, (env, accountId, data) => inAccount(env, accountId, "bench.timeResearch", data));
