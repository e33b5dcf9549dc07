import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { publicOrigin } from "~/.server/http/auth";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { createSchedule, formFields, scheduleOwner, schemaFor } from "~/.server/schedules/schedules";

/**
 * POST a new schedule (docs/decisions/0045-schedules.md): 201 with it; a field error for a prompt over 2,000
 * characters, a one-off in the past, an unknown time zone or a rule too frequent for the plan; 409 `schedule/limit`
 * at the plan's number of schedules. Nothing is scheduled when refused.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const owner = scheduleOwner(await getViewer(request, context));
  const parsed = schemaFor(owner).safeParse(formFields(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("schedules") });
  return Response.json(
    { ok: true, schedule: await createSchedule(context.env, owner, parsed.data, { locale: getLocale(request), origin: publicOrigin(request, context) }) },
    { status: 201 },
  );
});
