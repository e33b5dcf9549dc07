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
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  if (!isLocalDevelopment(request, context.config)) throw new AppError("request/not-found");
  const parsed = benchSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  if (!viewer.accountId) throw new AppError("request/not-found");
  const { data } = parsed;
  const result =
    data.intent === "seed"
      ? await inAccount(context.env, viewer.accountId, "bench.seedProjectFile", data)
      : await inAccount(context.env, viewer.accountId, "bench.timeProjectRetrieval", data);
  return Response.json({ ok: true, result: result ?? null });
});
