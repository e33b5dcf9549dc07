import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { AppError } from "~/.server/errors";
import { publicOrigin } from "~/.server/http/auth";
import { POST_ONLY, readForm } from "~/.server/http/request";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { getLocale } from "~/.server/i18n";
import { getViewer } from "~/.server/identity";
import { deleteSchedule, formFields, runNow, scheduleOwner, schemaFor, setPaused, updateSchedule } from "~/.server/schedules/schedules";
import { scheduleIntentSchema } from "~/lib/schemas/schedules";

/**
 * POST a change to one of the account's schedules: intent `pause`, `resume`, `run` (runs it now and answers the
 * run's outcome), `delete`, or `update` with the whole form. Another account's schedule is 404.
 */
export const action = resource(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request, { allow: POST_ONLY });
  const owner = scheduleOwner(await getViewer(request, context));
  const id = params.scheduleId;
  if (!id) throw new AppError("schedule/not-found");
  const messages = { tables: serverNamespace("schedules") };
  const intent = scheduleIntentSchema.safeParse(Object.fromEntries(form));
  if (!intent.success) return invalidForm(request, intent.error, messages);
  const { env } = context;
  switch (intent.data.intent) {
    case "pause":
    case "resume":
      await setPaused(env, owner.accountId, id, intent.data.intent === "pause");
      break;
    case "delete":
      await deleteSchedule(env, owner, id);
      break;
    case "run":
      return Response.json({ ok: true, run: await runNow(env, owner, id) });
    case "update": {
      const parsed = schemaFor(owner).safeParse(formFields(form));
      if (!parsed.success) return invalidForm(request, parsed.error, messages);
      await updateSchedule(env, owner, id, parsed.data, { locale: getLocale(request), origin: publicOrigin(request, context) });
    }
  }
  return Response.json({ ok: true });
});
