import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { AppError } from "~/.server/errors";
import { getViewer } from "~/.server/identity";
import { getJobs } from "~/.server/images/jobs";
import { startImageJob } from "~/.server/images/screen";
import { readForm, textFields } from "~/.server/http/request";
import { invalidForm, resource } from "~/.server/http/respond";
import { serverNamespace } from "~/.server/i18n";
import { createJobSchema } from "~/lib/schemas/images";

const querySchema = z.object({
  ids: z
    .string()
    .max(20 * 65)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.string().min(1).max(64)).max(20))
    .optional(),
});

/** GET the signed-in user's jobs by id (`?ids=a,b`, at most 20): what the job watcher polls while they are made. */
export const loader = resource(async ({ request, context }: LoaderFunctionArgs) => {
  const parsed = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  return Response.json({ ok: true, jobs: await getJobs(context.env, viewer.accountId, parsed.data.ids ?? []) }, { headers: { "Cache-Control": "no-store" } });
});

/**
 * POST a tool's form (`tool`, `requestId` and the tool's fields, see app/lib/schemas/images.ts): charges the credits,
 * stores the job `queued` and sends it to the queue. Answers 201 { ok, job } or { ok: false, error, fieldErrors? }.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const parsed = createJobSchema().safeParse(textFields(await readForm(request)));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("images") });
  const job = await startImageJob(request, context, parsed.data);
  return Response.json({ ok: true, job }, { status: 201 });
});
