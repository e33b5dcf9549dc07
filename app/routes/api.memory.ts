import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readSignedInForm } from "~/.server/http/auth";
import { invalidForm, resource, serverNamespace } from "~/.server/http/respond";
import { deleteAllMemories, setCustomInstructions, setMemoryEnabled } from "~/.server/memory/settings";
import { memoryActionSchema } from "~/lib/schemas/memory";

/**
 * POST Settings › Memory (decision 0027): intent `enabled` (the "Use and save memory" switch), `instructions` (aboutYou,
 * answerStyle) or `delete-all`. `{ ok: true }`, or the one error body with translated field errors; nothing is stored
 * when a field is refused.
 */
export const action = resource(async ({ request, context }: ActionFunctionArgs) => {
  const { form, viewer } = await readSignedInForm(request, context);
  const parsed = memoryActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidForm(request, parsed.error, { tables: serverNamespace("settings"), under: "memory" });
  const { env } = context;
  const accountId = viewer.user.id;
  const change = parsed.data;
  if (change.intent === "enabled") await setMemoryEnabled(env, accountId, change.enabled);
  else if (change.intent === "instructions") await setCustomInstructions(env, accountId, { aboutYou: change.aboutYou, answerStyle: change.answerStyle });
  else return Response.json({ ok: true, deleted: await deleteAllMemories(env, accountId) });
  return Response.json({ ok: true });
});
