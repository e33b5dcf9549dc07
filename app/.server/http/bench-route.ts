// The benchmark's development-only routes (dev.*-bench): each takes JSON naming what to do inside the signed-in
// account's object. Answers 404 anywhere but a developer's own machine (http/development.ts), so none of them exists
// in a deployment.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type * as z from "zod";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { getViewer } from "../identity";
import { isLocalDevelopment } from "./development";
import { readJson } from "./request";
import { resource } from "./respond";

/** An action that parses the body with `schema` and runs it for the viewer's account: `{ ok, result }`. */
export function benchAction<Schema extends z.ZodType>(schema: Schema, run: (env: AppEnv, accountId: string, data: z.infer<Schema>) => Promise<unknown>) {
  return resource(async ({ request, context }: ActionFunctionArgs) => {
    if (!isLocalDevelopment(request, context.config)) throw new AppError("request/not-found");
    const parsed = schema.safeParse(await readJson(request));
    if (!parsed.success) throw new AppError("request/invalid");
    const viewer = await getViewer(request, context);
    if (!viewer.accountId) throw new AppError("request/not-found");
    return Response.json({ ok: true, result: (await run(context.env, viewer.accountId, parsed.data)) ?? null });
  });
}
