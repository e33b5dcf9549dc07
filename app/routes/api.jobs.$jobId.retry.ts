import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { clientAddress } from "~/.server/auth/throttle";
import { AppError } from "~/.server/errors";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { resource } from "~/.server/http/respond";
import { getViewer } from "~/.server/identity";
import { retryJob } from "~/.server/images/jobs";

const bodySchema = z.object({ requestId: z.uuid() });

/**
 * POST `requestId`: "Try again" on a failed job. A new job with the same settings, charged under the new request
 * id, so pressing the button twice (same request id) makes and charges one job.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const parsed = bodySchema.safeParse(Object.fromEntries(await readForm(request, { allow: POST_ONLY })));
  if (!parsed.success || !params.jobId) throw new AppError("request/invalid");
  const viewer = await getViewer(request, context);
  if (viewer.kind !== "user") throw new AppError("auth/sign-in-required");
  const owner = { accountId: viewer.accountId, plan: viewer.plan, address: clientAddress(request) };
  const job = await retryJob(context.env, context.config, owner, params.jobId, parsed.data.requestId);
  return Response.json({ ok: true, job }, { status: 201 });
});
